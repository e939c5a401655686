// The account dialogs as one island, driven by the shared flags in src/client/session.ts
// (docs/product.md#account-dialogs). Mounted lazily by auth.boot.ts the first time a flag opens a dialog.
import { useStore } from '@nanostores/react';
import { accountMessages as am } from '@/domain/messages/accounts';
import { showToast } from '@/client/toast';
import { $forgotPassword, $loginOpen, $otpOpen, $otpVerified, $registerOpen, $userEmailToBeVerified } from '@/client/session';
import { authTexts as t } from '@/domain/messages/auth';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { LoginDialog } from './LoginDialog';
import { Modal } from '@/client/Modal';
import { OtpStep } from './OtpStep';
import { RegisterDialog } from './RegisterDialog';

function OtpDialog() {
  const email = useStore($userEmailToBeVerified);
  return (
    <Modal title={t.otp.title} onClose={() => $otpOpen.set(false)} testId="otp-dialog">
      <OtpStep
        email={email}
        purpose="register"
        onVerified={(message) => {
          $otpVerified.set(true);
          $otpOpen.set(false);
          showToast(message ?? am.otpVerified);
        }}
      />
    </Modal>
  );
}

export default function AuthDialogs() {
  const login = useStore($loginOpen);
  const register = useStore($registerOpen);
  const otp = useStore($otpOpen);
  const forgot = useStore($forgotPassword);
  return (
    <>
      {login && <LoginDialog />}
      {register && <RegisterDialog covered={otp} />}
      {otp && <OtpDialog />}
      {forgot && <ForgotPasswordDialog />}
    </>
  );
}
