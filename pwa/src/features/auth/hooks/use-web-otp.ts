import { useEffect } from 'react';

/** WebOTP: while `active`, fills the boxes from an SMS ending in `@<our host> #<code>` where the browser offers it. */
export function useWebOtp(active: boolean, onCode: (code: string) => void): void {
  useEffect(() => {
    if (!active || !('OTPCredential' in window)) return;
    const abort = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions)
      .then((credential) => {
        const code = (credential as (Credential & { code: string }) | null)?.code;
        if (code) onCode(code);
      })
      .catch(() => undefined); // dismissed, aborted, or timed out: the shopper types the code
    return () => abort.abort();
  }, [active, onCode]);
}
