import { useEffect } from 'react';

interface OtpCredential extends Credential {
  code: string;
}

/**
 * WebOTP (Android's Chrome): while `active`, offers the code of an SMS ending in `@<our host> #<code>` to
 * the page, which fills the boxes with it (docs/decisions/0280-sign-in-by-mobile-number.md). Where the
 * browser has no OTPCredential, nothing happens: the boxes' autocomplete="one-time-code" still offers it.
 */
export function useWebOtp(active: boolean, onCode: (code: string) => void): void {
  useEffect(() => {
    if (!active || !('OTPCredential' in window)) return;
    const abort = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions)
      .then((credential) => {
        const code = (credential as OtpCredential | null)?.code;
        if (code) onCode(code);
      })
      .catch(() => undefined); // dismissed, aborted, or timed out: the shopper types the code
    return () => abort.abort();
  }, [active, onCode]);
}
