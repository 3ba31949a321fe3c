import { Button } from '@/components/ui/button';
import type { AiServiceState } from '@/lib/ai/ai-service-state';

/**
 * The app-wide word when the AI service (the /api functions: the Edge Function on hosted
 * Supabase) cannot be used: what does not work, that nothing is lost, and a way to try again.
 * The rest of the app stays usable underneath; the session is never touched.
 */
export function AiServiceAlert({ state, className = '' }: { state: AiServiceState; className?: string }) {
  if (state.status !== 'error') return null;
  return (
    <section
      role="alert"
      aria-labelledby="ai-service-title"
      className={`flex flex-wrap items-start justify-between gap-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 ${className}`}
    >
      <div className="min-w-0 flex-1">
        <h2 id="ai-service-title" className="font-semibold">
          AI features are unavailable
        </h2>
        <p className="mt-1">{state.message}</p>
      </div>
      <Button variant="secondary" onClick={state.retry} disabled={state.retrying}>
        {state.retrying ? 'Trying...' : 'Try Again'}
      </Button>
    </section>
  );
}
