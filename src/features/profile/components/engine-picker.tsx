import { SelectField } from '@/components/ui/field';
import {
  aiEngines,
  defaultModelFor,
  modelsFor,
  type AiEngine,
  type ModelCatalog,
} from '@shared/model-catalog';

interface EnginePickerProps {
  catalog: ModelCatalog;
  engine: AiEngine;
  model: string;
  configured: Partial<Record<AiEngine, boolean>>;
  onChange: (next: { engine: AiEngine; model: string }) => void;
}

/** The two engine cards and the model select; changing engine resets the model to its first one. */
export function EnginePicker({ catalog, engine, model, configured, onChange }: EnginePickerProps) {
  const options = modelsFor(catalog, engine).map((entry) => ({ value: entry.id, label: entry.label }));
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-700">AI engine</legend>
      <div className="grid gap-3 @md:grid-cols-2">
        {aiEngines.map((candidate) => {
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
      <SelectField
        label="Model"
        value={model}
        options={options}
        onChange={(event) => onChange({ engine, model: event.target.value })}
      />
    </fieldset>
  );
}
