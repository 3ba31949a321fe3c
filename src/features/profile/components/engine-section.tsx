import { Spinner } from '@/components/ui/spinner';
import type { AiEngine } from '@shared/model-catalog';
import type { AiServiceState } from '@/lib/ai/ai-service-state';
import { EnginePicker } from './engine-picker';

interface EngineSectionProps {
  aiService: AiServiceState;
  engine: AiEngine;
  model: string;
  onChange: (next: { engine: AiEngine; model: string }) => void;
}

/**
 * The AI engine part of Settings: the picker once the AI service has said which models exist
 * and which engines it has keys for; until then, what is happening, and never a guess.
 */
export function EngineSection({ aiService, engine, model, onChange }: EngineSectionProps) {
  if (aiService.status === 'ready') {
    return (
      <EnginePicker
        catalog={aiService.catalog}
        engine={engine}
        model={model}
        configured={aiService.engines}
        onChange={onChange}
        onRefreshModels={aiService.refreshModels}
        refreshingModels={aiService.refreshingModels}
      />
    );
  }
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">AI engine</legend>
      {aiService.status === 'loading' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="h-4 w-4" /> Loading AI models...
        </p>
      ) : (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          The AI models can&apos;t be listed because the AI service can&apos;t be reached. Your other settings
          can still be saved; your engine and model stay as they are.
        </p>
      )}
    </fieldset>
  );
}
