import { accountErrorTitles } from '@plinth/domain/account';
import type { ReactNode } from 'react';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { useProfile } from '../api/get-profile';
import { DeleteAccount } from './delete-account';
import { DownloadMyData } from './download-my-data';
import { ProfileForm } from './profile-form';

/** The profile page's body; `subscription` is the funder's plan, composed by the route. */
export function ProfileView({ userId, subscription }: { userId: string; subscription?: ReactNode }) {
  const profile = useProfile(userId);
  if (profile.isPending) return <LoadingBlock label="Loading profile" />;
  if (profile.isError)
    return <LoadFailedAlert title={accountErrorTitles.load}>{profile.error.message}</LoadFailedAlert>;
  return (
    <>
      <ProfileForm profile={profile.data} />
      {subscription}
      <DownloadMyData />
      {profile.data.role !== 'admin' && <DeleteAccount />}
    </>
  );
}
