import { Spinner } from '../../ui/Spinner';

interface Props {
  loading: boolean;
  label: string;
  loadingLabel: string;
  testId: string;
}

/** The full-width primary submit button of the auth forms, with its busy state. */
export function SubmitButton({ loading, label, loadingLabel, testId }: Props) {
  return (
    <button
      type="submit"
      className="btn btn--primary btn--block btn--lg"
      disabled={loading}
      data-testid={testId}
    >
      {loading && <Spinner size={16} />}
      {loading ? loadingLabel : label}
    </button>
  );
}

/** The form-level error line under the fields (e.g. the server's message for a failed login). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" data-testid="login-error">
      {message}
    </p>
  );
}
