// Entering a code sent by e-mail, for registration (verify-otp), password reset (validate-otp)
// and, with its own requests, the profile's e-mail change: the four boxes, the 3:30 resend countdown with Resend at zero, and the
// 3-minute lock after a wrong code (docs/product.md#behaviour, #validation, #messages).
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { OTP_LOCK_SECONDS, OTP_RESEND_COUNTDOWN_SECONDS, otpCodeField, type OtpPurpose } from '@/domain/accounts';
import { accountMessages as am } from '@/domain/messages/accounts';
import { showToast } from '@/client/toast';
import { call, type ApiAnswer } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { authTexts as t } from '@/domain/messages/auth';
import { SubmitButton } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import { z } from '@/domain/zod';
import { OtpInput, emptyDigits } from './OtpInput';

/** 210 -> '3:30' */
function minutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const codeSchema = z.object({ otp: otpCodeField });

// Locks outlive the dialog: closing and reopening it does not hide the wait.
const locks = new Map<string, number>();

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

interface OtpStepProps {
  email: string;
  purpose: OtpPurpose;
  /** The code was accepted; the server's message. */
  onVerified: (message: string | null) => void;
  /** Another endpoint than verify-otp / validate-otp checks the code (e-mail change). */
  check?: (otp: string) => Promise<ApiAnswer<unknown>>;
  /** Another request than send-otp sends a new code (e-mail change). */
  requestAgain?: () => Promise<ApiAnswer<unknown>>;
}

export function OtpStep({ email, purpose, onVerified, check, requestAgain }: OtpStepProps) {
  const key = `${purpose}:${email}`;
  const form = useZodForm({ schema: codeSchema, initial: () => ({ otp: emptyDigits() }), input: (v) => ({ otp: v.otp.join('') }) });
  const { busy } = form;
  const error = form.errors.otp ?? null;
  const [resending, setResending] = useState(false);
  const [resendAt, setResendAt] = useState(() => Date.now() + OTP_RESEND_COUNTDOWN_SECONDS * 1000);
  const [lockedUntil, setLockedUntil] = useState(() => locks.get(key) ?? 0);
  const now = useNow(true);
  const statusId = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // Shown in place of another step's form (forgot password): focus the first box.
    if (!formRef.current?.contains(document.activeElement))
      formRef.current?.querySelector<HTMLInputElement>('[data-otp-box]:not([disabled])')?.focus();
  }, []);

  const lockLeft = Math.max(0, Math.ceil((lockedUntil - now) / 1000));
  const locked = lockLeft > 0;

  // The boxes become disabled and lose focus: keep focus in the dialog, on the message.
  useEffect(() => {
    if (locked) statusRef.current?.focus();
  }, [locked]);
  const resendLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));

  const lock = (seconds: number) => {
    const until = Date.now() + seconds * 1000;
    locks.set(key, until);
    setLockedUntil(until);
  };

  const clearDigits = () => {
    form.set('otp', emptyDigits());
    window.setTimeout(() => formRef.current?.querySelector<HTMLInputElement>('[data-otp-box]')?.focus(), 0);
  };

  // Made on submit: what it does with the answer reads the clock and the boxes (refs), which a render must not.
  const verify = (event: SubmitEvent) =>
    form.submit(async ({ data: code }) => {
      const answer = check
        ? await check(code.otp)
        : purpose === 'register'
          ? await call(endpoints.accounts.verifyOtp, { body: { email, otp: code.otp } })
          : await call(endpoints.accounts.validateOtp, { body: { email, otp: code.otp } });
      if (answer.ok && answer.body.success !== false && answer.body.status !== 400) {
        locks.delete(key);
        onVerified(answer.message);
      } else if (answer.status === 400 || answer.body.status === 400) {
        showToast(am.otpInvalid, 'error');
        lock(OTP_LOCK_SECONDS);
      } else if (answer.status === 429) {
        lock(answer.retryAfter ?? OTP_LOCK_SECONDS);
      } else {
        clearDigits();
        form.setError('otp', answer.message ?? am.genericFailure);
      }
    })(event);

  const sendCodeAgain = (): Promise<ApiAnswer<unknown>> => {
    // The e-mail change sends its codes through its own endpoint (requestAgain).
    if (purpose === 'email_change') throw new Error('An e-mail change code is sent again through requestAgain');
    return call(endpoints.accounts.sendOtp, { body: { email, purpose } });
  };

  const resend = async () => {
    setResending(true);
    const answer = requestAgain ? await requestAgain() : await sendCodeAgain();
    setResending(false);
    if (answer.ok) {
      setResendAt(Date.now() + OTP_RESEND_COUNTDOWN_SECONDS * 1000);
      form.reset();
      showToast(answer.message ?? am.otpSent);
    } else {
      showToast(answer.status === 429 && answer.message ? answer.message : am.otpResendFailed, 'error');
    }
  };

  const status = locked ? am.otpWait : error;

  return (
    <form ref={formRef} onSubmit={(event) => (locked ? event.preventDefault() : verify(event))} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-ink-700">
        {t.otp.sentTo} <strong className="font-semibold break-all text-ink-900">{email}</strong>
      </p>
      <OtpInput
        digits={form.values.otp}
        onChange={(next) => form.set('otp', next)}
        disabled={locked || busy}
        invalid={Boolean(error)}
        describedBy={status ? statusId : undefined}
      />
      <div aria-live="polite" className="min-h-5 text-center">
        {status && (
          <p id={statusId} ref={statusRef} tabIndex={-1} className="text-sm font-medium text-red-600 outline-none" data-otp-status>
            {status}
            {locked && (
              <span className="mt-0.5 block font-normal text-ink-500" data-otp-lock-timer>
                {t.otp.lockedFor} {minutesSeconds(lockLeft)}
              </span>
            )}
          </p>
        )}
      </div>
      <SubmitButton busy={busy} disabled={locked}>
        {t.otp.verify}
      </SubmitButton>
      <p className="text-center text-sm text-ink-500" data-otp-countdown>
        {resendLeft > 0 ? (
          <>
            {t.otp.resendIn} <span className="font-semibold text-ink-900 tabular-nums">{minutesSeconds(resendLeft)}</span>
          </>
        ) : (
          <>
            {t.otp.noCode}{' '}
            <button
              type="button"
              onClick={resend}
              disabled={resending}
              className="font-semibold text-brand-700 underline-offset-2 hover:underline disabled:opacity-60"
            >
              {t.otp.resend}
            </button>
          </>
        )}
      </p>
    </form>
  );
}
