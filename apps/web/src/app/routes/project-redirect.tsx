import { Navigate, useParams } from 'react-router';

/** Notification taps open /projects/{id}; the project's page is /project/{id} (DESIGN.md section 8). */
export default function ProjectRedirectRoute() {
  const { id = '' } = useParams();
  return <Navigate replace to={`/project/${encodeURIComponent(id)}`} />;
}
