import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Signing out (log-out.ts), then home. Its code loads when the shopper signs out: the account menu is on the first
 * screen, what signing out clears is not.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await (await import('./log-out')).logOut();
    navigate('/', { replace: true });
  }, [navigate]);
}
