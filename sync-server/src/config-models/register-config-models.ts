import type { z } from 'zod';
import {
  disabledWeekRowSchema,
  fakeEmailDomainRowSchema,
  managerAdminRowSchema,
  US_STATES,
  type ManagerRow,
  type StateRow,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { DomainError } from '../kernel/domain-error';
import { CONFIG_MODELS } from './config-lookups';
import { registerModel, type ModelHandlers, type ModelRow } from './model-registry';

/**
 * The config records (staff only) and the two public lists the sign-up forms need: `manager`
 * (names of the staff a hunter sign-up may pick as contact owner) and `state`.
 */

interface RecordModel<Row extends { _KEY?: string | undefined }> {
  schema: z.ZodType<Row>;
  /**
   * `admin` for the records that decide who is staff (the allow list, the staff domain) and
   * those every customer lives by (closed weeks, fake domains): a hunter sells, it sets no rules.
   */
  writeAccess?: 'admin';
  /** The record decides who is staff: a write makes the listed managers check their sessions. */
  decidesStaff?: true;
  /** The key of a new row that gives none. */
  keyOf(row: Row): string;
  /** Extra checks beyond the schema; throw DomainError to refuse. */
  check?(row: Row): void;
}

function configRecordModel<Row extends { _KEY?: string | undefined }>(
  model: string,
  spec: RecordModel<Row>,
): ModelHandlers {
  const records = (app: AppContext) => app.repos.configRecords;
  const parse = (row: unknown): Row => {
    const parsed = spec.schema.parse(row);
    spec.check?.(parsed);
    return parsed;
  };
  const toRow = (key: string, doc: object): ModelRow => ({ ...doc, _KEY: key });
  return {
    access: 'staff',
    ...(spec.writeAccess && { writeAccess: spec.writeAccess }),
    ...(spec.decidesStaff && { decidesStaff: spec.decidesStaff }),
    async load(app, keys) {
      const rows = await records(app).all(model);
      return rows
        .filter((row) => !keys || keys.includes(row.key))
        .map((row) => toRow(row.key, row.doc));
    },
    async update(app, rows) {
      const updated: ModelRow[] = [];
      for (const raw of rows) {
        const row = parse(raw);
        if (!row._KEY)
          throw new DomainError('invalid_request', 'Each row to update needs its _KEY.');
        const { _KEY: key, ...doc } = row;
        if (!(await records(app).update(model, key, doc))) {
          throw new DomainError('not_found', `There is no ${model} row '${key}'.`);
        }
        updated.push(toRow(key, doc));
      }
      return updated;
    },
    async add(app, rows) {
      const added: ModelRow[] = [];
      for (const raw of rows) {
        const row = parse(raw);
        const key = row._KEY ?? spec.keyOf(row);
        const { _KEY: _ignored, ...doc } = row;
        if (!(await records(app).insert(model, key, doc))) {
          throw new DomainError('conflict', `A ${model} row '${key}' already exists.`);
        }
        added.push(toRow(key, doc));
      }
      return added;
    },
    async delete(app, keys) {
      let deleted = 0;
      for (const key of keys) if (await records(app).remove(model, key)) deleted += 1;
      return deleted;
    },
  };
}

/** True for a yyyyMMdd number that is a real Monday. */
function isMonday(yyyymmdd: number): boolean {
  const year = Math.floor(yyyymmdd / 10_000);
  const month = Math.floor(yyyymmdd / 100) % 100;
  const day = yyyymmdd % 100;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1 && date.getUTCDay() === 1;
}

registerModel(
  CONFIG_MODELS.fakeEmailDomains,
  configRecordModel(CONFIG_MODELS.fakeEmailDomains, {
    schema: fakeEmailDomainRowSchema,
    writeAccess: 'admin',
    keyOf: (row) => row.domain,
  }),
);

registerModel(
  CONFIG_MODELS.staffCompanyDomain,
  configRecordModel(CONFIG_MODELS.staffCompanyDomain, {
    schema: fakeEmailDomainRowSchema,
    writeAccess: 'admin',
    decidesStaff: true,
    keyOf: (row) => row.domain,
  }),
);

registerModel(
  CONFIG_MODELS.managerAdmin,
  configRecordModel(CONFIG_MODELS.managerAdmin, {
    schema: managerAdminRowSchema,
    writeAccess: 'admin',
    decidesStaff: true,
    keyOf: (row) => row._KEY,
  }),
);

registerModel(
  CONFIG_MODELS.disabledWeeks,
  configRecordModel(CONFIG_MODELS.disabledWeeks, {
    schema: disabledWeekRowSchema,
    writeAccess: 'admin',
    keyOf: (row) => String(row.week_start),
    check(row) {
      if (!isMonday(row.week_start)) {
        throw new DomainError(
          'invalid_request',
          'A disabled week is named by its Monday (yyyyMMdd).',
        );
      }
    },
  }),
);

registerModel('manager', {
  access: 'public',
  async load(app, keys) {
    return (await app.repos.managers.activeManagers())
      .filter((row) => !keys || keys.includes(row.key))
      .map((row): ManagerRow => ({
        _KEY: row.key,
        first_name: row.first_name,
        last_name: row.last_name,
        hunter: row.hunter,
      }));
  },
});

registerModel('state', {
  access: 'public',
  load(_app, keys) {
    return US_STATES.filter((state) => !keys || keys.includes(state.abbreviation)).map(
      (state): StateRow => ({ _KEY: state.abbreviation, ...state }),
    );
  },
});
