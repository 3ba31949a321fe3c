import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { LinkedInStatus } from '@/entities/post/publishing/linkedin-api';
import { linkedinReturnParams } from '@/entities/post/publishing/linkedin-return';
import { toast } from '@/lib/toast/toast';
import { useLinkedInStore, type LinkedInCallbackParams } from '../linkedin-store';

interface LinkedInCallbackPageProps {
  apiBaseUrl: string;
}

/**
 * One attempt per state, for the whole page session: a state can be used once (the server refuses
 * it after), and React's StrictMode runs effects twice. A second mount waits on the same attempt.
 */
const attempts = new Map<string, Promise<LinkedInStatus>>();

/**
 * /linkedin/callback: where LinkedIn sends the browser back with `code` and `state` (or `error`).
 * Hands them to the server once, then goes to Settings; a refusal is shown with a way back.
 */
export function LinkedInCallbackPage({ apiBaseUrl }: LinkedInCallbackPageProps) {
  const [address] = useSearchParams();
  // Set aside before supabase-js started (linkedin-return.ts); the address itself in tests.
  const search = linkedinReturnParams() ?? address;
  const state = search.get('state');
  const code = search.get('code');
  const error = search.get('error');
  const description = search.get('error_description');
  const finishConnect = useLinkedInStore((store) => store.finishConnect);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!state) return;
    let attempt = attempts.get(state);
    if (!attempt) {
      const params: LinkedInCallbackParams = { state };
      if (code) params.code = code;
      if (error) params.error = error;
      if (description) params.error_description = description;
      attempt = finishConnect(apiBaseUrl, params);
      attempts.set(state, attempt);
    }
    let current = true;
    attempt.then(
      (status) => {
        if (!current) return;
        const name = status.connection?.name;
        toast.success(name ? `LinkedIn connected as ${name}.` : 'LinkedIn connected.');
        navigate(paths.settings, { replace: true });
      },
      (caught: unknown) => {
        if (current) setFailure(caught instanceof Error ? caught.message : 'LinkedIn is not connected.');
      },
    );
    return () => {
      current = false;
    };
  }, [state, code, error, description, apiBaseUrl, finishConnect, navigate]);

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">LinkedIn</h1>
      {!state ? (
        <p className="text-slate-700">This page is only used while connecting LinkedIn.</p>
      ) : failure ? (
        <Alert tone="danger">{failure}</Alert>
      ) : (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner /> Connecting LinkedIn…
        </p>
      )}
      {(!state || failure) && (
        <Link
          to={paths.settings}
          className="inline-flex items-center gap-1 text-sm text-brand-500 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Settings
        </Link>
      )}
    </div>
  );
}
