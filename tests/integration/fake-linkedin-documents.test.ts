import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeProviders,
  type FakeProviders,
  type LinkedInDocument,
  type LinkedInToken,
} from '../../harness/fakes/fake-providers.ts';

// The fake LinkedIn's Documents API over real HTTP, as the publisher uses it for a carousel:
// POST /rest/documents?action=initializeUpload, PUT of the PDF to the upload URL, then a post whose
// content.media names the document and its title. The fake keeps the PDF for tests to read back.
let fake: FakeProviders;

beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const version = '202607';
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1');

function call(path: string, token: LinkedInToken, body: unknown) {
  return fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token.accessToken}`,
      'LinkedIn-Version': version,
      'X-Restli-Protocol-Version': '2.0.0',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

const initialize = (token: LinkedInToken, owner = `urn:li:person:${token.member.sub}`) =>
  call('/rest/documents?action=initializeUpload', token, { initializeUploadRequest: { owner } });

async function initialized(token: LinkedInToken) {
  const response = await initialize(token);
  expect(response.status).toBe(200);
  return (
    (await response.json()) as { value: { uploadUrl: string; document: string; uploadUrlExpiresAt: number } }
  ).value;
}

const put = (url: string, token: LinkedInToken, body: BodyInit) =>
  fetch(url, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token.accessToken}`, 'content-type': 'application/pdf' },
    body,
  });

const documentPost = (token: LinkedInToken, media: Record<string, unknown>) =>
  call('/rest/posts', token, {
    author: `urn:li:person:${token.member.sub}`,
    commentary: 'Swipe through',
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
    content: { media },
  });

describe('fake LinkedIn documents', () => {
  it('initialises an upload, keeps the PDF, and publishes a post with the document and its title', async () => {
    const token = fake.linkedin.issueToken();
    const before = Date.now();
    const value = await initialized(token);
    const id = value.document.replace('urn:li:document:', '');
    expect(value.document).toMatch(/^urn:li:document:[A-Za-z0-9]+$/);
    expect(value.uploadUrl).toBe(`${fake.url}/dms-uploads/${id}`);
    expect(value.uploadUrlExpiresAt - before).toBeGreaterThanOrEqual(3_600_000);

    const media = { id: value.document, title: 'Five lessons' };
    const tooEarly = await documentPost(token, media);
    expect(tooEarly.status).toBe(400);
    expect(fake.linkedin.documentBytes(value.document)).toBeUndefined();

    expect((await put(value.uploadUrl, token, pdf)).status).toBe(201);
    expect(fake.linkedin.documents[0]?.upload).toMatchObject({
      byteLength: pdf.length,
      contentType: 'application/pdf',
    });
    expect(fake.linkedin.documentBytes(value.document)).toEqual(new Uint8Array(pdf));
    expect(fake.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      byteLength: pdf.length,
    });

    const created = await documentPost(token, media);
    expect(created.status).toBe(201);
    expect(fake.linkedin.posts[0]).toMatchObject({ media, shownText: 'Swipe through' });

    // Another process reads the same through the control API.
    const listed = (await (
      await fetch(`${fake.url}/__control/linkedin/documents`)
    ).json()) as LinkedInDocument[];
    expect(listed.map((document) => document.urn)).toEqual([value.document]);
    const bytes = await fetch(
      `${fake.url}/__control/linkedin/document?urn=${encodeURIComponent(value.document)}`,
    );
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(pdf);
    const missing = await fetch(`${fake.url}/__control/linkedin/document?urn=urn:li:document:nothing`);
    expect(missing.status).toBe(404);
    await missing.body?.cancel();
  });

  it('refuses a document post without a title, an upload for another member, and bytes that are not a PDF', async () => {
    const token = fake.linkedin.issueToken();
    const value = await initialized(token);
    expect((await put(value.uploadUrl, token, pdf)).status).toBe(201);
    const untitled = await documentPost(token, { id: value.document });
    expect(untitled.status).toBe(422);
    expect(((await untitled.json()) as { message: string }).message).toContain(
      '/content/media/title :: field is required',
    );

    const other = await initialize(token, 'urn:li:person:someoneElse');
    expect(other.status).toBe(403);
    expect(((await other.json()) as { message: string }).message).toBe(
      'Not enough permissions to access: partnerApiDocuments.ACTION.20260701',
    );

    const second = await initialized(token);
    const notPdf = await put(second.uploadUrl, token, new TextEncoder().encode('<html></html>'));
    expect(notPdf.status).toBe(400);
    expect(fake.linkedin.documents[1]?.upload).toBeUndefined();
    // Someone else's token cannot fill this member's upload.
    const mallory = fake.linkedin.issueToken({ member: { sub: 'mallory' } });
    expect((await put(second.uploadUrl, mallory, pdf)).status).toBe(403);
  });

  it('failDocuments fails the next initialisations, then accepts; reset() forgets documents and their bytes', async () => {
    const token = fake.linkedin.issueToken();
    fake.setScenario('linkedin', { failDocuments: { times: 1, status: 503 } });
    const failed = await initialize(token);
    expect(failed.status).toBe(503);
    expect(fake.linkedin.documents).toEqual([]);
    const value = await initialized(token);
    await put(value.uploadUrl, token, pdf);
    fake.reset();
    expect(fake.linkedin.documents).toEqual([]);
    expect(fake.linkedin.documentBytes(value.document)).toBeUndefined();
  });
});
