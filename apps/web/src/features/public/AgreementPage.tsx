import { LegalDoc } from './LegalDoc';

export default function AgreementPage() {
  return <LegalDoc doc="agreement" />;
}
