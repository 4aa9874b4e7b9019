import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '@haat/shared/common/limits';
import { endSession } from '../../../lib/session';
import { clearUserData } from '../../../lib/user-data';
import { showHeaderMessage } from '../../../lib/header-message';
import { accountApi } from '../api';

/** Spec §4: "Logout clears user state and local storage and returns to /", even when offline. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await accountApi.logout().catch(() => null); // revokes the refresh session when online
    await clearUserData();
    endSession();
    localStorage.clear();
    // One message for one event: the header's (spec §1), not also a toast of the server's words.
    showHeaderMessage('Logout successful!', LIMITS.headerLoginMessageMs);
    navigate('/', { replace: true });
  }, [navigate]);
}
