import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '@haat/shared/common/limits';
import { endSession } from '../../../lib/session';
import { clearUserData } from '../../../lib/user-data';
import { showHeaderMessage } from '../../../lib/header-message';
import { accountApi } from '../api';

/** docs/product.md#states: "Logout clears user state and local storage and returns to /", even when offline. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await accountApi.logout().catch(() => null); // revokes the refresh session when online
    await clearUserData();
    endSession();
    localStorage.clear();
    // One message for one event: the header's (docs/product.md#what-haat-is), not also a toast of the server's words.
    showHeaderMessage('Logout successful!', LIMITS.headerLoginMessageMs);
    navigate('/', { replace: true });
  }, [navigate]);
}
