-- A third engine: any server that speaks OpenAI's Chat Completions (Ollama, LM Studio, vLLM,
-- OpenRouter, OpenAI…), set up by the server owner (docs/decisions/030). Model ids of such a
-- server are free text (e.g. "llama3.2:3b"), so only the engine's name is checked here.
alter table public.profiles drop constraint if exists profiles_ai_engine_check;
alter table public.profiles
  add constraint profiles_ai_engine_check check (ai_engine in ('groq', 'anthropic', 'openai-compatible'));
