import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OtpBoxes } from '../components/otp-boxes';

function Harness() {
  const [digits, setDigits] = useState<string[]>(Array(6).fill(''));
  return (
    <>
      <OtpBoxes digits={digits} onChange={setDigits} />
      <output data-testid="code">{digits.join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText<HTMLInputElement>(`Digit ${n}`);
const code = () => screen.getByTestId('code').textContent;

afterEach(cleanup);

describe('OTP boxes (docs/product.md#validation)', () => {
  it('takes one digit per box and moves on to the next box', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: '4' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(code()).toBe('42');
    expect(document.activeElement).toBe(box(3));
  });

  it('strips anything that is not a digit and stays put', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: 'a' } });
    expect(code()).toBe('');
    expect(document.activeElement).toBe(box(1));
  });

  it('fills all six boxes from a pasted code, ignoring spaces', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '123 456' } });
    expect(code()).toBe('123456');
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('goes back a box on Backspace in an empty box', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '12' } });
    box(3).focus();
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(code()).toBe('1');
    expect(document.activeElement).toBe(box(2));
  });
});
