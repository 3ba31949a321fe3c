// Makes tests/fixtures/previous-release-data-dir.tar.gz and its .json: a data directory written by
// the previous release (PGlite), for the test of the importer into PostgreSQL. The old server runs
// from a checkout of that release and is used as the web app uses it (supabase-js: sign-ups,
// onboarding, an image, posts, ideas, voice samples); a LinkedIn connection, which needs
// LinkedIn's OAuth, is then written straight into the stopped database with that release's own
// code. Usage (tests/fixtures/README.md):
//
//   git worktree add --detach ../prev 198d7ab && ln -s "$PWD/node_modules" ../prev/node_modules
//   node --import tsx scripts/make-previous-release-fixture.ts --prev ../prev [--port 0] [--work-dir /tmp]
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, hkdfSync, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import * as prettier from 'prettier';
import WebSocket from 'ws';
import {
  digestSettings,
  fixturesDir,
  previousReleaseArchive,
  previousReleaseFacts,
  tableColumnsSql,
  tableDigestSql,
  type PreviousReleaseFacts,
  type TableFacts,
} from '../tests/integration/support/previous-release-fixture.ts';

const run = promisify(execFile);

const { values: args } = parseArgs({
  options: {
    prev: { type: 'string' },
    port: { type: 'string', default: '0' },
    'work-dir': { type: 'string', default: tmpdir() },
  },
});
if (!args.prev) throw new Error('Name a checkout of the previous release: --prev <dir>');
const prevDir = path.resolve(args.prev);

/** The old release's own code, loaded from its checkout: the fixture is written as that release wrote it. */
interface QueryablePglite {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
  close(): Promise<void>;
}
interface OldModules {
  openPglite(options: { pgdata: string }): Promise<QueryablePglite>;
  markOpen(pgdata: string): Promise<void>;
  recordCleanShutdown(pgdata: string): Promise<void>;
  encryptToken(key: Uint8Array, userId: string, token: string): Promise<string>;
  deriveVoiceProfile(samples: readonly string[]): object;
  defaultModelFor(catalog: unknown, engine: 'groq'): string;
}

async function loadOldModules(): Promise<OldModules> {
  const load = (file: string) => import(pathToFileURL(path.join(prevDir, file)).href);
  const [engine, manifest, cipher, voice, catalog] = await Promise.all([
    load('server/embedded/db/pglite-engine.ts'),
    load('server/embedded/data-dir/integrity-manifest.ts'),
    load('server/api/linkedin/token-cipher.ts'),
    load('src/lib/voice/derive-voice-profile.ts'),
    load('shared/model-catalog.ts'),
  ]);
  return { ...engine, ...manifest, ...cipher, ...voice, ...catalog } as OldModules;
}

const startTimeoutMs = 120_000;

interface OldServer {
  url: string;
  stop(): Promise<void>;
}

/** `npm start` of the old release (without the web build); resolves once it says where it listens. */
async function startOldServer(dataDir: string): Promise<OldServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--no-build'], {
    cwd: prevDir,
    // Only what it needs: no AI or LinkedIn keys of this shell reach it.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: args.port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A server that neither says it is ready nor exits is stopped, not waited for forever.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The old server was not ready within ${startTimeoutMs} ms:\n${output}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /running at (http:\/\/\S+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The old server exited (${code}) before it was ready:\n${output}`));
    });
  });
  return { url, stop: () => stopServer(child, () => output) };
}

/** SIGTERM: the old server closes its database cleanly (and records its files) before it exits. */
async function stopServer(child: ChildProcess, output: () => string): Promise<void> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`The old server did not stop cleanly (exit ${code}):\n${output()}`);
}

const check = <T>({ data, error }: { data: T; error: unknown }, what: string): NonNullable<T> => {
  if (error || data === null || data === undefined)
    throw new Error(`${what} failed: ${JSON.stringify(error)}`);
  return data;
};

function client(url: string, publishableKey: string): SupabaseClient {
  return createClient(url, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** A small real PNG (a 4 × 4 gradient), built here so that no binary sits in the script. */
function tinyPng(): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Array.from({ length: 4 }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: 4 }, (_, x) => [x * 60, y * 60, 200]).flat()]),
  );
  return Uint8Array.from(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.concat(rows))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const voiceSamples = [
  'Shipping small beats shipping perfect. Last quarter we cut our release from six weeks to one, and the bugs went down, not up.',
  'I used to think code review was about catching bugs. It is mostly about sharing context: who knows what, and why it is that way.',
  'Three things I learned leading a team of five: write decisions down, protect focus time, and say thank you in public.',
];

async function useTheApp(url: string, publishableKey: string, old: OldModules) {
  const author = { email: 'ada@example.com', password: 'analytical engine 1843' };
  const other = { email: 'grace@example.com', password: 'compiler pioneer 1952' };
  const ada = client(url, publishableKey);
  const adaUser = check(await ada.auth.signUp(author), 'sign-up').user;
  const grace = client(url, publishableKey);
  const graceUser = check(await grace.auth.signUp(other), 'sign-up').user;
  if (!adaUser || !graceUser) throw new Error('A sign-up returned no user');

  // Onboarding (src/app/routes/onboarding-route.tsx): the answers with the default engine and model,
  // then the voice samples, then the voice profile learned from them.
  const appConfig = (await (await fetch(`${url}/app-config.json`)).json()) as { modelCatalog: unknown };
  const answers = {
    full_name: 'Ada Lovelace',
    company: 'Analytical Engines Ltd',
    industry: 'Computing',
    website: 'https://example.com/ada',
    about_me: 'I write about programs, machines and the people who build them.',
    writing_style: 'Story-driven and narrative',
    role: 'Software Engineer',
  };
  check(
    await ada
      .from('profiles')
      .upsert({
        ...answers,
        ai_engine: 'groq',
        ai_model: old.defaultModelFor(appConfig.modelCatalog, 'groq') || null,
        language_preference: 'en-US',
        id: adaUser.id,
        updated_at: new Date().toISOString(),
      })
      .select()
      .single(),
    'saving the profile',
  );
  const after = Date.now();
  const samples = check(
    await ada
      .from('voice_samples')
      .insert(
        voiceSamples.map((content, index) => ({
          user_id: adaUser.id,
          content,
          created_at: new Date(after + index + 1).toISOString(),
        })),
      )
      .select('id, user_id'),
    'saving voice samples',
  );
  check(
    await ada
      .from('profiles')
      .upsert({
        id: adaUser.id,
        voice_profile: old.deriveVoiceProfile(voiceSamples),
        updated_at: new Date().toISOString(),
      })
      .select()
      .single(),
    'saving the voice profile',
  );

  const ideas = [
    check(
      await ada
        .from('topic_ideas')
        .insert({
          topic: 'What the Analytical Engine taught me about teams',
          user_id: adaUser.id,
          used_count: 0,
        })
        .select('id, user_id, topic')
        .single(),
      'saving an idea',
    ),
    check(
      await grace
        .from('topic_ideas')
        .insert({ topic: 'Why every bug deserves a logbook entry', user_id: graceUser.id, used_count: 0 })
        .select('id, user_id, topic')
        .single(),
      'saving an idea',
    ),
  ];

  // "Add Image" (src/entities/post/image/post-images.ts): uploaded first, then saved with the post.
  const png = tinyPng();
  const imagePath = `${adaUser.id}/${randomUUID()}.png`;
  check(
    await ada.storage.from('post-images').upload(imagePath, new Blob([png], { type: 'image/png' }), {
      contentType: 'image/png',
      cacheControl: String(60 * 60 * 24 * 365),
      upsert: false,
    }),
    'uploading the image',
  );
  const downloaded = new Uint8Array(
    await check(
      await ada.storage.from('post-images').download(imagePath),
      'downloading the image',
    ).arrayBuffer(),
  );
  if (sha256(downloaded) !== sha256(png)) throw new Error('The stored image differs from the uploaded one');

  const saved = check(
    await ada
      .from('posts')
      .insert({
        topic: 'Teams',
        content: 'The best teams I worked with wrote their decisions down. Here is how we started.',
        user_id: adaUser.id,
        is_published: false,
        image_path: imagePath,
        image_alt: 'A small blue gradient',
      })
      .select('id, user_id, topic, image_path, image_alt')
      .single(),
    'saving a post',
  );
  // Far enough ahead that a server with LinkedIn publishing on never finds it due.
  const plannedAt = '2036-03-02T09:30:00.000Z';
  const scheduled = check(
    await ada
      .from('posts')
      .insert({
        topic: 'Code review',
        content: 'Code review is mostly about sharing context. A thread on what changed for us.',
        user_id: adaUser.id,
        is_published: false,
        image_path: null,
        image_alt: null,
        planned_at: plannedAt,
      })
      .select('id, user_id, planned_at, publish_status')
      .single(),
    'planning a post',
  );

  // The author signs in once more just before the server stops: this session's token is unused.
  const later = client(url, publishableKey);
  const { data: signedIn, error: signInError } = await later.auth.signInWithPassword(author);
  if (signInError || !signedIn.session) throw new Error(`Signing in failed: ${JSON.stringify(signInError)}`);
  const { session } = signedIn;

  return {
    author: { ...author, id: adaUser.id },
    other: { ...other, id: graceUser.id },
    profile: answers,
    samples,
    ideas,
    image: { path: imagePath, sha256: sha256(png), bytes: png.length },
    saved,
    scheduled,
    refreshToken: session.refresh_token,
  };
}

type AppResult = Awaited<ReturnType<typeof useTheApp>>;

/** LinkedIn's sign-in needs LinkedIn: the connection it would save is written with the old release's code. */
async function addLinkedInConnection(db: QueryablePglite, dataDir: string, userId: string, old: OldModules) {
  const keys = JSON.parse(await readFile(path.join(dataDir, 'project-keys.json'), 'utf8')) as {
    installSecret: string;
  };
  // The key the old server seals tokens with when LINKEDIN_TOKEN_KEY is unset (server/embedded/mount-api.ts).
  const tokenKey = new Uint8Array(
    hkdfSync('sha256', Buffer.from(keys.installSecret, 'base64url'), '', 'linkedin-token-encryption', 32),
  );
  const connection = {
    userId,
    memberId: 'fixture-member-1815',
    memberName: 'Ada Lovelace',
    accessToken: await old.encryptToken(tokenKey, userId, 'made-up-linkedin-access-token'),
    scopes: 'openid profile w_member_social',
    expiresAt: '2036-01-01T00:00:00.000Z',
  };
  await db.query(`select public.linkedin_save_connection($1, $2, $3, $4, $5, $6)`, [
    userId,
    connection.memberId,
    connection.memberName,
    connection.accessToken,
    connection.scopes,
    connection.expiresAt,
  ]);
  return connection;
}

async function describeTables(db: QueryablePglite): Promise<Record<string, TableFacts>> {
  for (const setting of digestSettings) await db.exec(`set ${setting}`);
  const { rows } = await db.query<{ schema: string; table: string; column: string }>(tableColumnsSql);
  const columns = new Map<string, { schema: string; table: string; columns: string[] }>();
  for (const row of rows) {
    const key = `${row.schema}.${row.table}`;
    const entry = columns.get(key) ?? { schema: row.schema, table: row.table, columns: [] };
    entry.columns.push(row.column);
    columns.set(key, entry);
  }
  const tables: Record<string, TableFacts> = {};
  for (const [key, entry] of columns) {
    const { rows: digest } = await db.query<{ rows: number; md5: string }>(
      tableDigestSql(entry.schema, entry.table, entry.columns),
    );
    const { rows: count = 0, md5 = '' } = digest[0] ?? {};
    tables[key] = { rows: count, columns: entry.columns, md5 };
  }
  return tables;
}

async function recordStoppedDatabase(dataDir: string, app: AppResult, old: OldModules) {
  const pgdata = path.join(dataDir, 'pgdata');
  // As the old server opens and closes it, so its integrity record stays valid for the old release too.
  await old.markOpen(pgdata);
  const db = await old.openPglite({ pgdata });
  try {
    const linkedin = await addLinkedInConnection(db, dataDir, app.author.id, old);
    const { rows: users } = await db.query<{ id: string; encrypted_password: string }>(
      'select id, encrypted_password from auth.users',
    );
    const hashOf = (id: string) => users.find((user) => user.id === id)?.encrypted_password ?? '';
    const { rows: migrations } = await db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    const { rows: objects } = await db.query<{ content_type: string }>(
      `select metadata->>'mimetype' as content_type from storage.objects where bucket_id = 'post-images' and name = $1`,
      [app.image.path],
    );
    const tables = await describeTables(db);
    await db.exec('checkpoint');
    return { linkedin, hashOf, migrations: migrations.map((row) => row.version), objects, tables };
  } finally {
    await db.close();
    await old.recordCleanShutdown(pgdata);
  }
}

async function main(): Promise<void> {
  const old = await loadOldModules();
  const { stdout: release } = await run('git', ['-C', prevDir, 'rev-parse', 'HEAD']);
  const work = await mkdtemp(path.join(path.resolve(args['work-dir']), 'previous-release-fixture-'));
  try {
    const dataDir = path.join(work, 'data');
    const server = await startOldServer(dataDir);
    let app: AppResult;
    try {
      const keys = JSON.parse(await readFile(path.join(dataDir, 'project-keys.json'), 'utf8')) as {
        publishableKey: string;
      };
      app = await useTheApp(server.url, keys.publishableKey, old);
    } finally {
      await server.stop();
    }
    const stored = await recordStoppedDatabase(dataDir, app, old);
    const pgliteVersion = (
      JSON.parse(
        await readFile(path.join(prevDir, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
      ) as { version: string }
    ).version;

    const facts: PreviousReleaseFacts = {
      release: release.trim(),
      madeAt: new Date().toISOString(),
      pgliteVersion,
      migrations: stored.migrations,
      users: {
        author: { ...app.author, encryptedPassword: stored.hashOf(app.author.id) },
        other: { ...app.other, encryptedPassword: stored.hashOf(app.other.id) },
      },
      profile: {
        userId: app.author.id,
        fullName: app.profile.full_name,
        company: app.profile.company,
        role: app.profile.role,
        hasVoiceProfile: true,
      },
      refreshToken: { userId: app.author.id, token: app.refreshToken },
      posts: {
        saved: {
          id: app.saved.id,
          userId: app.saved.user_id,
          topic: app.saved.topic,
          imagePath: app.saved.image_path,
          imageAlt: app.saved.image_alt,
        },
        scheduled: {
          id: app.scheduled.id,
          userId: app.scheduled.user_id,
          plannedAt: new Date(app.scheduled.planned_at).toISOString(),
          publishStatus: app.scheduled.publish_status,
        },
      },
      image: {
        bucket: 'post-images',
        ...app.image,
        contentType: stored.objects[0]?.content_type ?? '',
      },
      ideas: app.ideas.map((idea) => ({ id: idea.id, userId: idea.user_id, topic: idea.topic })),
      voiceSamples: app.samples.map((sample) => ({ id: sample.id, userId: sample.user_id })),
      linkedinConnection: stored.linkedin,
      tables: stored.tables,
    };

    await mkdir(fixturesDir, { recursive: true });
    // Everything the old server wrote, but the lock file (absent after a clean stop anyway).
    await run('tar', ['-czf', previousReleaseArchive, '--exclude=./server.pid', '-C', dataDir, '.']);
    // Written as `npm run format` would write it, so that the format check passes.
    const style = await prettier.resolveConfig(previousReleaseFacts);
    await writeFile(
      previousReleaseFacts,
      await prettier.format(JSON.stringify(facts), { ...style, filepath: previousReleaseFacts }),
    );
    const { size } = await stat(previousReleaseArchive);
    console.log(
      `Wrote ${previousReleaseArchive} (${(size / 1024 / 1024).toFixed(2)} MB) and ${previousReleaseFacts}`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
