import { LegalDoc } from './LegalDoc';

export default function AboutPage() {
  return <LegalDoc doc="about" />;
}
