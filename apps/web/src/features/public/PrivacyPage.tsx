import { LegalDoc } from './LegalDoc';

export default function PrivacyPage() {
  return <LegalDoc doc="privacy" />;
}
