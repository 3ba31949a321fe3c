import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenOptions = Parameters<NodeFS['init']>[1];

interface FsNode {
  parent: FsNode;
}

interface Stream {
  nfd: number;
  node: FsNode;
}

type Fn = (...args: never[]) => unknown;

/** The parts of Emscripten's NODEFS this module wraps. */
interface NodeFsInternals {
  realPath(node: FsNode): string;
  stream_ops: Record<'write' | 'msync' | 'setattr', Fn> & { fsync?: (stream: Stream) => number };
  node_ops: Record<'mknod' | 'rename' | 'unlink' | 'rmdir' | 'symlink' | 'setattr', Fn>;
}

const groupAndOther = 0o077;

interface Attributes {
  mode?: number;
}

const ownerOnlyAttributes = (attributes: Attributes): Attributes =>
  attributes.mode === undefined ? attributes : { ...attributes, mode: attributes.mode & ~groupAndOther };

/** fsync calls that reached the disk, and those skipped for untouched files (tests, benchmark). */
export const fsyncCounter = { count: 0, skipped: 0 };

/**
 * Emscripten's NODEFS, as PGlite mounts it, has no `fsync` (nothing reaches the disk before the
 * OS writes it back on its own schedule), and files end up 0666 or 0644, readable by every user of
 * the machine. This adds a real fsync and keeps every mode owner-only.
 *
 * It also remembers which paths this engine has written (file data, or directory entries).
 * With `fileSystemSynced` (a syncfs of the whole file system ran just before opening), an fsync
 * of a path this engine never touched only concerns data written before that syncfs, so it is
 * skipped: the effect of Postgres's `recovery_init_sync_method = syncfs`, which turns the
 * ~2,000 per-file fsyncs of crash recovery into one call (docs/decisions/008-durability.md).
 */
export function durableNodeFs(pgdata: string, fileSystemSynced: boolean): NodeFS {
  return new DurableNodeFS(pgdata, fileSystemSynced);
}

class DurableNodeFS extends NodeFS {
  constructor(
    pgdata: string,
    private readonly fileSystemSynced: boolean,
  ) {
    super(pgdata);
  }

  override async init(pg: PGlite, options: EmscriptenOptions) {
    const result = await super.init(pg, options);
    result.emscriptenOpts.preRun = [
      ...(result.emscriptenOpts.preRun ?? []),
      (mod) => patchNodeFs(mod.NODEFS as unknown as NodeFsInternals, this.fileSystemSynced),
    ];
    return result;
  }
}

function patchNodeFs(nodefs: NodeFsInternals, fileSystemSynced: boolean): void {
  const written = new Set<string>();
  const mark = (node: FsNode) => written.add(nodefs.realPath(node));
  const { stream_ops: streamOps, node_ops: nodeOps } = nodefs;

  // File data written through any descriptor.
  for (const name of ['write', 'msync'] as const) {
    const original = streamOps[name];
    streamOps[name] = ((stream: Stream, ...rest: never[]) => {
      mark(stream.node);
      return original(stream as never, ...rest);
    }) as Fn;
  }
  // Size and mode changes (truncate, chmod). Emscripten chmods every file it creates to the mode
  // the C code asked for, which is 0666 for fopen(): group and other bits are always removed.
  const streamSetattr = streamOps.setattr;
  streamOps.setattr = ((stream: Stream, attributes: Attributes) => {
    mark(stream.node);
    return streamSetattr(stream as never, ownerOnlyAttributes(attributes) as never);
  }) as Fn;
  const setattr = nodeOps.setattr;
  nodeOps.setattr = ((node: FsNode, attributes: Attributes) => {
    mark(node);
    return setattr(node as never, ownerOnlyAttributes(attributes) as never);
  }) as Fn;

  // Directory entries: the parent directory needs its own fsync to make them durable.
  const mknod = nodeOps.mknod;
  nodeOps.mknod = ((parent: FsNode, name: string, mode: number, dev: number) => {
    mark(parent);
    return mknod(parent as never, name as never, (mode & ~groupAndOther) as never, dev as never);
  }) as Fn;
  for (const name of ['unlink', 'rmdir', 'symlink'] as const) {
    const original = nodeOps[name];
    nodeOps[name] = ((parent: FsNode, ...rest: never[]) => {
      mark(parent);
      return original(parent as never, ...rest);
    }) as Fn;
  }
  const rename = nodeOps.rename;
  nodeOps.rename = ((node: FsNode, newDir: FsNode, newName: string) => {
    const from = nodefs.realPath(node);
    mark(node.parent);
    mark(newDir);
    const result = rename(node as never, newDir as never, newName as never);
    // Unsynced data moves with the file to its new name (Emscripten re-parents the node only
    // after this call returns, so the new path is built from the target directory).
    if (written.delete(from)) written.add(`${nodefs.realPath(newDir)}/${newName}`);
    return result;
  }) as Fn;

  streamOps.fsync = (stream) => {
    const path = nodefs.realPath(stream.node);
    if (fileSystemSynced && !written.has(path)) {
      fsyncCounter.skipped += 1;
      return 0;
    }
    fsyncSync(stream.nfd);
    written.delete(path);
    fsyncCounter.count += 1;
    return 0;
  };
}
