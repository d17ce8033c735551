import { Spinner } from '../ui/Spinner';

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner size={28} />
    </div>
  );
}
