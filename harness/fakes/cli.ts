/**
 * Runs the fake providers until interrupted:
 *   node --import tsx harness/fakes/cli.ts [--port 8788] [--host 127.0.0.1]
 * Then start the app with the printed environment lines.
 */
import { parseArgs } from 'node:util';
import { startFakeProviders } from './fake-providers.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8788' }, host: { type: 'string', default: '127.0.0.1' } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port: ${values.port}`);
  process.exit(2);
}

const fake = await startFakeProviders({ port, host: values.host });
console.log(`Fake providers listening on ${fake.url}`);
console.log('Use these environment variables for the app server (any non-empty key works):');
for (const provider of ['GROQ', 'ANTHROPIC', 'PERPLEXITY', 'YOUTUBE']) {
  console.log(`${provider}_BASE_URL=${fake.url}`);
  console.log(`${provider}_API_KEY=fake-${provider.toLowerCase()}-key`);
}
// Any OpenAI-compatible server (Ollama, LM Studio, vLLM…): a local one needs no key, so none is printed.
console.log(`OPENAI_COMPATIBLE_BASE_URL=${fake.url}/openai-compatible/v1`);
// The fake LinkedIn accepts any client id and any non-empty secret; consent is given at once.
console.log(`LINKEDIN_AUTH_BASE_URL=${fake.url}/oauth/v2`);
console.log(`LINKEDIN_API_BASE_URL=${fake.url}`);
console.log('LINKEDIN_CLIENT_ID=fake-linkedin-client');
console.log('LINKEDIN_CLIENT_SECRET=fake-linkedin-secret');
console.log(
  `Control API: POST ${fake.url}/__control/scenario, POST ${fake.url}/__control/reset, GET ${fake.url}/__control/requests, GET ${fake.url}/__control/linkedin/posts`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
