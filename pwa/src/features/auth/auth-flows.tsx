import { RoleRedirect } from '../../session/role-redirect';
import { SessionExpiryNotice } from '../../session/session-expiry';
import { UrlFlows } from './url-flows';

/**
 * What accounts run beside the pages, outside the account boundary so a change of session does
 * not remount it: links that start a flow, the role redirect and the session-expiry notice.
 */
export function AuthFlows() {
  return (
    <>
      <UrlFlows />
      <RoleRedirect />
      <SessionExpiryNotice />
    </>
  );
}
