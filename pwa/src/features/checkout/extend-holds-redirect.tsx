import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../session/use-session';

/**
 * Spec §4: a florist arriving with `extend_expiration_boxes` (the cart-reminder link) goes to
 * checkout, keeping the parameter; the checkout page then asks the server to extend the holds.
 */
export function ExtendHoldsRedirect() {
  const role = useSession()?.user.role;
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (role !== 'florist' || location.pathname.replace(/\/$/, '') === '/checkout') return;
    const value = new URLSearchParams(location.search).get('extend_expiration_boxes');
    if (value === null) return;
    void navigate(
      `/checkout?${new URLSearchParams({ extend_expiration_boxes: value }).toString()}`,
      {
        replace: true,
      },
    );
  }, [role, location.pathname, location.search, navigate]);
  return null;
}
