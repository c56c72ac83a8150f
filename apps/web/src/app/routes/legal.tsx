import { LegalPage } from '../../features/legal/components/legal-page';

export default function LegalRoute() {
  return <LegalPage />;
}
