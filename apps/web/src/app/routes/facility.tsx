import { useParams } from 'react-router';
import { FacilityView } from '../../features/facilities/components/facility-view';

/** /facilities/:id: one facility for its parties (issue 33). */
export default function FacilityRoute() {
  const { id = '' } = useParams();
  return <FacilityView key={id} facilityId={id} />;
}
