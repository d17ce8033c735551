import { ComingSoon } from './ComingSoon';

export default function FavoritesPage() {
  return <ComingSoon screen="favorites" />;
}
