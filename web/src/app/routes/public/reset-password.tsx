import { PublicLayout } from '../../../components/public-layout.tsx';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';

export function Component() {
  return (
    <PublicLayout>
      <ResetPasswordForm />
    </PublicLayout>
  );
}
