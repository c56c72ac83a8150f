import { decideRoute, needsOnboarding } from '@plinth/domain/routes';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useCompleteProfile } from '../../features/auth/api/complete-profile';
import { useSetRole } from '../../features/auth/api/set-role';
import { SessionError } from '../../features/auth/components/session-error';
import { useAuthState } from '../../features/auth/hooks/use-auth-state';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { forgetIntendedRole, readIntendedRole } from '../../features/auth/utils/intended-role';
import { OnboardingFrame } from '../../features/onboarding/components/onboarding-frame';
import { ProfileStep } from '../../features/onboarding/components/profile-step';
import { RoleStep } from '../../features/onboarding/components/role-step';
import { SubmittedStep } from '../../features/onboarding/components/submitted-step';
import { PageLoader } from '../shell/page-loader';

export default function OnboardingRoute() {
  const { auth, me, query } = useAuthState();
  const setRole = useSetRole();
  const completeProfile = useCompleteProfile();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [intendedRole] = useState(readIntendedRole);

  if (query.isError && !me)
    return <SessionError message={query.error.message} onRetry={() => query.refetch()} />;

  const decision = decideRoute('/onboarding', auth);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'spinner' || !me) return <PageLoader />;

  // Step 3 shows after a submission even though `Me` then counts as onboarded.
  const isSubmitted = completeProfile.isSuccess || completeProfile.isPending;
  if (me.role === 'admin' || (!isSubmitted && !needsOnboarding(me.role, me.profile_completed)))
    return <Navigate to="/dashboard" replace />;

  const step = completeProfile.isSuccess ? 2 : me.role === null ? 0 : 1;

  return (
    <OnboardingFrame step={step} onSignOut={signOut}>
      {me.role === null ? (
        <RoleStep
          initialRole={intendedRole}
          isPending={setRole.isPending}
          error={setRole.error?.message ?? null}
          onContinue={(role) => setRole.mutate({ role }, { onSuccess: forgetIntendedRole })}
        />
      ) : step === 2 ? (
        <SubmittedStep onGoToDashboard={() => navigate('/dashboard')} />
      ) : (
        <ProfileStep
          // A quantity surveyor's onboarding is its own (issue 33); this step is the marketplace roles'.
          role={me.role === 'surveyor' ? 'borrower' : me.role}
          isPending={completeProfile.isPending}
          serverError={completeProfile.error?.message ?? null}
          onSubmit={(body) => completeProfile.mutate(body)}
        />
      )}
    </OnboardingFrame>
  );
}
