import type { SqlEngine } from './db/sql-engine';
import { createManagerRepository } from './account-manager/manager-repository';
import { createAccountRepository } from './accounts/account-repository';
import { createCompanyRepository } from './accounts/company-repository';
import { createCompanyUserRepository } from './accounts/company-user-repository';
import { createCrmContactRepository } from './accounts/crm-contact-repository';
import { createPasswordResetRepository } from './accounts/password-reset-repository';
import { createAnalyticsRepository } from './analytics/analytics-repository';
import { createServerSecretRepository } from './auth/server-secret-repository';
import { createSessionRepository } from './auth/session-repository';
import { createUserRepository } from './auth/user-repository';
import { createCaptchaRepository } from './captcha/captcha-repository';
import { createCartRepository } from './cart/cart-repository';
import { createCustomBoxRepository } from './cart/custom-box-repository';
import { createDeletedProductRepository } from './cart/deleted-product-repository';
import { createCatalogEntitiesRepository } from './catalog/catalog-entities-repository';
import { createCatalogRepository } from './catalog/catalog-repository';
import { createCustomerRepository } from './checkout/customer-repository';
import { createHoldExtensionRepository } from './checkout/hold-extension-repository';
import { createClaimRepository } from './claims/claim-repository';
import { createUploadRepository } from './claims/upload-repository';
import { createConfigRecords } from './config-models/config-record-repository';
import { createCustomerGrowerRepository } from './customer-growers/customer-grower-repository';
import { createAddressRepository } from './customers/address-repository';
import { createPreferenceRepository } from './customers/preference-repository';
import { createScheduleRepository } from './delivery-schedule/schedule-repository';
import { createEventRepository } from './events/event-repository';
import { createFavoriteRepository } from './favorites/favorite-repository';
import { createOutboxRepository } from './mail/outbox-repository';
import { createNoticeRepository } from './notices/notice-repository';
import { createGrowerFarmRepository } from './orders/grower-farm-repository';
import { createOrderRepository } from './orders/order-repository';
import { createCardRepository } from './payments/card-repository';
import { createRateLimiter } from './rate-limit/rate-limit-repository';
import { createShoppingListRepository } from './shopping-lists/shopping-list-repository';
import { createStandingOrderRepository } from './standing-orders/standing-order-repository';
import { createMutationLogRepository } from './sync/mutation-log-repository';
import { createPullRepository } from './sync/pull-repository';
import { createStatementRepository } from './statements/statement-repository';

/**
 * Every repository of the server, built once at start-up on the SQL engine (SQLite or
 * PostgreSQL) and handed to the features as `app.repos`; no feature builds one of its own. A
 * repository is the only kind of module that holds SQL (docs/architecture.md).
 */
export function createRepositories(engine: SqlEngine, now: () => number) {
  return {
    // Accounts and access
    users: createUserRepository(engine),
    mutationLog: createMutationLogRepository(engine),
    pull: createPullRepository(engine),
    accounts: createAccountRepository(engine, now),
    companyUsers: createCompanyUserRepository(engine, now),
    crmContacts: createCrmContactRepository(engine, now),
    companies: createCompanyRepository(engine),
    passwordResets: createPasswordResetRepository(engine),
    sessions: createSessionRepository(engine),
    serverSecrets: createServerSecretRepository(engine),
    managers: createManagerRepository(engine),
    limiter: createRateLimiter(engine, now),
    captchaUses: createCaptchaRepository(engine),
    outbox: createOutboxRepository(engine),
    configRecords: createConfigRecords(engine, now),
    // The catalogue
    catalog: createCatalogRepository(engine),
    catalogEntities: createCatalogEntitiesRepository(engine),
    schedules: createScheduleRepository(engine),
    // A customer's cart, checkout and orders
    customers: createCustomerRepository(engine),
    cart: createCartRepository(engine),
    customBoxes: createCustomBoxRepository(engine),
    deletedProducts: createDeletedProductRepository(engine),
    holdExtensions: createHoldExtensionRepository(engine),
    orders: createOrderRepository(engine),
    growerFarms: createGrowerFarmRepository(engine),
    cards: createCardRepository(engine),
    addresses: createAddressRepository(engine),
    preferences: createPreferenceRepository(engine),
    notices: createNoticeRepository(engine),
    favorites: createFavoriteRepository(engine),
    events: createEventRepository(engine),
    claims: createClaimRepository(engine),
    uploads: createUploadRepository(engine),
    shoppingLists: createShoppingListRepository(engine),
    standingOrders: createStandingOrderRepository(engine),
    customerGrowers: createCustomerGrowerRepository(engine, now),
    statements: createStatementRepository(engine),
    analytics: createAnalyticsRepository(engine),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
