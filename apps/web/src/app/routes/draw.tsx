import { useParams } from 'react-router';
import { DrawView } from '../../features/facilities/components/draw-view';

/** /draws/:id: one draw — the developer's workspace, the surveyor's certificate, the funder's review. */
export default function DrawRoute() {
  const { id = '' } = useParams();
  return <DrawView key={id} drawId={id} />;
}
