import { PublicLayout } from '../../../components/public-layout.tsx';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';

export function Component() {
  return (
    <PublicLayout>
      <LoginForm />
    </PublicLayout>
  );
}
