import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { LIMITS } from '@haat/shared/common/limits';
import { useTranslation } from '../../../i18n/i18n';

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/** docs/product.md#screens and #validation, OTP entry: six digit boxes that move on, go back and take a pasted code. */
export function OtpBoxes({ digits, onChange, autoFocus }: { digits: string[]; onChange: (digits: string[]) => void; autoFocus?: boolean }) {
  const { t } = useTranslation('auth');
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(i, LIMITS.otpLength - 1))]?.focus();

  const fill = (from: number, text: string) => {
    const incoming = onlyDigits(text)
      .slice(0, LIMITS.otpLength - from)
      .split('');
    if (incoming.length === 0) return;
    const next = [...digits];
    incoming.forEach((d, k) => (next[from + k] = d));
    onChange(next);
    focus(from + incoming.length);
  };

  const onInput = (i: number, value: string) => {
    const typed = onlyDigits(value);
    if (typed.length > 1) return fill(i, typed); // autofill of the whole code lands in one box
    const next = [...digits];
    next[i] = typed.slice(-1);
    onChange(next);
    if (typed) focus(i + 1);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      const next = [...digits];
      next[i - 1] = '';
      onChange(next);
      focus(i - 1);
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fill(i, e.clipboardData.getData('text'));
  };

  return (
    <div className="otp-boxes" role="group" aria-label={t('otp.group')}>
      {digits.map((digit, i) => (
        <input
          key={i}
          ref={(el) => void (boxes.current[i] = el)}
          className="otp-boxes__box"
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && i === 0}
          aria-label={t('otp.digit', { n: i + 1 })}
          maxLength={i === 0 ? LIMITS.otpLength : 1}
          value={digit}
          onChange={(e) => onInput(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
