import { useSearchParams } from 'react-router';
import { FacilitySetUpStart } from '../../features/facilities/components/facility-set-up-start';
import { useMe } from '../../lib/get-me';

/** /facilities/new?deal=…: a completed deal's facility, set up by its funder (issue 33, decision 063). */
export default function FacilityNewRoute() {
  const [params] = useSearchParams();
  const dealId = params.get('deal') ?? '';
  const { data: me } = useMe();
  return <FacilitySetUpStart key={dealId} dealId={dealId} canCreate={me?.role === 'funder'} />;
}
