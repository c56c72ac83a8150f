import { AuthForm } from '../../features/auth/components/auth-form';
import { AuthPage } from '../../features/auth/components/auth-page';

export default function LoginRoute() {
  return (
    <AuthPage title="Sign in to Plinth" subtitle="Welcome back. Sign in to continue.">
      <AuthForm mode="sign-in" />
    </AuthPage>
  );
}
