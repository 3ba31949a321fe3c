import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import {
  defaultModelFor,
  modelsFor,
  offeredEngines,
  type AiEngine,
  type ModelCatalog,
} from '@shared/model-catalog';

interface EnginePickerProps {
  catalog: ModelCatalog;
  engine: AiEngine;
  model: string;
  configured: Partial<Record<AiEngine, boolean>>;
  onChange: (next: { engine: AiEngine; model: string }) => void;
  /** Lists the OpenAI-compatible server's models again; absent where that cannot be asked. */
  onRefreshModels?: (() => void) | undefined;
  refreshingModels?: boolean | undefined;
}

/**
 * The engine cards and the model select; changing engine resets the model to its first one. The
 * OpenAI-compatible engine shows only where the server owner set it up, with its server's models.
 */
export function EnginePicker({
  catalog,
  engine,
  model,
  configured,
  onChange,
  onRefreshModels,
  refreshingModels = false,
}: EnginePickerProps) {
  // An engine the profile uses stays on show (marked not configured) if the server owner took it away.
  const offered = offeredEngines(configured);
  const engines = offered.includes(engine) ? offered : [...offered, engine];
  const listed = modelsFor(catalog, engine).map((entry) => ({ value: entry.id, label: entry.label }));
  // A model the server does not list right now (its server is down, or the model was removed) stays chosen.
  const options =
    model !== '' && !listed.some((option) => option.value === model)
      ? [{ value: model, label: `${model} (not listed now)` }, ...listed]
      : listed;
  const compatible = catalog.engines['openai-compatible'];
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-700">AI engine</legend>
      <div className={`grid gap-3 ${engines.length > 2 ? '@md:grid-cols-3' : '@md:grid-cols-2'}`}>
        {engines.map((candidate) => {
          const info = catalog.engines[candidate];
          const selected = candidate === engine;
          return (
            <label
              key={candidate}
              className={`flex cursor-pointer flex-col rounded-xl border p-4 transition-colors ${selected ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500' : 'border-slate-200 bg-white hover:border-slate-300'}`}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="ai-engine"
                  value={candidate}
                  checked={selected}
                  onChange={() => onChange({ engine: candidate, model: defaultModelFor(catalog, candidate) })}
                  className="accent-brand-500"
                />
                <span className="font-medium text-slate-900">{info.label}</span>
              </span>
              <span className="mt-1 text-sm text-slate-600">{info.description}</span>
              {configured[candidate] === false && (
                <span className="mt-2 text-xs text-amber-700">
                  Not configured on this server yet: generation with it will explain what is missing.
                </span>
              )}
            </label>
          );
        })}
      </div>
      {options.length > 0 ? (
        <SelectField
          label="Model"
          value={model}
          options={options}
          onChange={(event) => onChange({ engine, model: event.target.value })}
        />
      ) : (
        <p className="text-sm text-slate-600">
          {catalog.engines[engine].label} has no models to choose from yet.
        </p>
      )}
      {engine === 'openai-compatible' && (
        <div className="flex flex-wrap items-center gap-3">
          {compatible.unavailable && (
            <p role="status" className="text-sm text-amber-800">
              {compatible.unavailable}
            </p>
          )}
          {onRefreshModels && (
            <Button variant="secondary" onClick={onRefreshModels} disabled={refreshingModels}>
              {refreshingModels ? 'Listing models…' : 'Refresh models'}
            </Button>
          )}
        </div>
      )}
    </fieldset>
  );
}
