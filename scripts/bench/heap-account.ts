// What a V8 heap snapshot holds, by retained size (`BENCH_HEAP_SNAPSHOT=<dir>`, scripts/bench/resting-memory.ts): the
// snapshot's graph read as DevTools reads it (weak edges left out), its dominator tree (Cooper, Harvey and Kennedy's
// iteration over the reverse post-order), and each object's retained size: its own plus all it alone keeps alive.
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface HeapGraph {
  count: number;
  type: (node: number) => string;
  name: (node: number) => string;
  selfSize: Float64Array;
  retained: Float64Array;
  idom: Int32Array;
  /** Each node's strong edges as [name, target]. */
  edgesOf: (node: number) => Array<[string, number]>;
}

export function readHeapGraph(path: string): HeapGraph {
  const data = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const { meta } = data.snapshot;
  const nodeWidth = meta.node_fields.length;
  const edgeWidth = meta.edge_fields.length;
  const [typeAt, nameAt, sizeAt, edgeCountAt] = ['type', 'name', 'self_size', 'edge_count'].map((field) =>
    meta.node_fields.indexOf(field),
  ) as [number, number, number, number];
  const [edgeTypeAt, edgeNameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((field) => meta.edge_fields.indexOf(field)) as [
    number,
    number,
    number,
  ];
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const { nodes, edges, strings } = data;
  const count = nodes.length / nodeWidth;
  const firstEdge = new Int32Array(count + 1);
  const selfSize = new Float64Array(count);
  for (let node = 0, edge = 0; node < count; node++) {
    firstEdge[node] = edge;
    edge += (nodes[node * nodeWidth + edgeCountAt] ?? 0) * edgeWidth;
    selfSize[node] = nodes[node * nodeWidth + sizeAt] ?? 0;
  }
  firstEdge[count] = edges.length;
  const strong = (edge: number) => edgeTypes[edges[edge + edgeTypeAt] ?? 0] !== 'weak';
  const target = (edge: number) => (edges[edge + toAt] ?? 0) / nodeWidth;
  const edgeName = (edge: number) => {
    const kind = edgeTypes[edges[edge + edgeTypeAt] ?? 0];
    const value = edges[edge + edgeNameAt] ?? 0;
    return kind === 'element' || kind === 'hidden' ? `[${value}]` : (strings[value] ?? '');
  };

  // Depth-first post-order from the root (node 0), iteratively.
  const order = new Int32Array(count).fill(-1);
  const postOrder: number[] = [];
  const stack: number[] = [0];
  const cursor = new Int32Array(count);
  for (let node = 0; node < count; node++) cursor[node] = firstEdge[node] ?? 0;
  const seen = new Uint8Array(count);
  seen[0] = 1;
  while (stack.length > 0) {
    const node = stack[stack.length - 1] ?? 0;
    const edge = cursor[node] ?? 0;
    if (edge < (firstEdge[node + 1] ?? 0)) {
      cursor[node] = edge + edgeWidth;
      if (!strong(edge)) continue;
      const next = target(edge);
      if (!seen[next]) {
        seen[next] = 1;
        stack.push(next);
      }
      continue;
    }
    stack.pop();
    order[node] = postOrder.length;
    postOrder.push(node);
  }
  // Predecessors of the reachable nodes.
  const predecessors: number[][] = Array.from({ length: count }, () => []);
  for (const node of postOrder) {
    for (let edge = firstEdge[node] ?? 0; edge < (firstEdge[node + 1] ?? 0); edge += edgeWidth) {
      if (strong(edge)) predecessors[target(edge)]?.push(node);
    }
  }
  const idom = new Int32Array(count).fill(-1);
  idom[0] = 0;
  const intersect = (a: number, b: number) => {
    let left = a;
    let right = b;
    while (left !== right) {
      while ((order[left] ?? 0) < (order[right] ?? 0)) left = idom[left] ?? 0;
      while ((order[right] ?? 0) < (order[left] ?? 0)) right = idom[right] ?? 0;
    }
    return left;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let index = postOrder.length - 2; index >= 0; index--) {
      const node = postOrder[index] ?? 0;
      let dominator = -1;
      for (const predecessor of predecessors[node] ?? []) {
        if ((idom[predecessor] ?? -1) === -1) continue;
        dominator = dominator === -1 ? predecessor : intersect(predecessor, dominator);
      }
      if (dominator !== -1 && idom[node] !== dominator) {
        idom[node] = dominator;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(count);
  for (const node of postOrder) {
    retained[node] = (retained[node] ?? 0) + (selfSize[node] ?? 0);
    if (node !== 0) retained[idom[node] ?? 0] = (retained[idom[node] ?? 0] ?? 0) + (retained[node] ?? 0);
  }
  return {
    count,
    type: (node) => nodeTypes[nodes[node * nodeWidth + typeAt] ?? 0] ?? '',
    name: (node) => strings[nodes[node * nodeWidth + nameAt] ?? 0] ?? '',
    selfSize,
    retained,
    idom,
    edgesOf: (node) => {
      const out: Array<[string, number]> = [];
      for (let edge = firstEdge[node] ?? 0; edge < (firstEdge[node + 1] ?? 0); edge += edgeWidth)
        if (strong(edge)) out.push([edgeName(edge), target(edge)]);
      return out;
    },
  };
}

export interface HeapAccount {
  /** [what, bytes]: the snapshot's parts, by kind, each object counted once. */
  rows: Array<[string, number]>;
}

const SMALL_SOURCE = 256 * 1024;

/** The package a script's URL belongs to (`node_modules/<package>`), `node:` for Node's own, `app` for the project's. */
function packageOf(url: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  if (url.startsWith('node:')) return "Node's own";
  return url === '' ? 'generated code (new Function: the compiled validators)' : 'the project (bff/, contract/)';
}

/**
 * The snapshot by kind: every object's own size summed into one row each: scripts' sources by package, other
 * strings, compiled code, data; and beside them the retained size of the contract the BFF keeps (its JSON parsed).
 */
export function heapAccount(path: string): HeapAccount {
  const graph = readHeapGraph(path);
  const sources = new Map<number, string>();
  let contract = -1;
  for (let node = 0; node < graph.count; node++) {
    const type = graph.type(node);
    if (type === 'code') {
      for (const [edge, target] of graph.edgesOf(node))
        if (edge === 'source' && graph.type(target).includes('string')) sources.set(target, packageOf(graph.name(node)));
    } else if (contract === -1 && type === 'object' && graph.name(node) === 'Object') {
      const names = new Set(graph.edgesOf(node).map(([edge]) => edge));
      if (names.has('openapi') && names.has('paths') && names.has('components')) contract = node;
    }
  }
  const sums = new Map<string, number>();
  const add = (what: string, bytes: number) => sums.set(what, (sums.get(what) ?? 0) + bytes);
  for (let node = 1; node < graph.count; node++) {
    const bytes = graph.selfSize[node] ?? 0;
    if (bytes === 0 || (graph.idom[node] ?? -1) === -1) continue;
    const source = sources.get(node);
    const type = graph.type(node);
    if (source) add(`sources: ${source}`, bytes);
    else if (type.includes('string')) add('strings (other)', bytes);
    else if (type === 'code') add('code: bytecode, compiled code, function metadata', bytes);
    else if (type === 'closure') add('functions (closures)', bytes);
    else if (type === 'object shape' || type === 'hidden') add('object shapes and V8 internals', bytes);
    else if (type === 'native' && graph.name(node).includes('ArrayBuffer')) add('array buffers held', bytes);
    else add(`${type === 'array' ? 'arrays' : type === 'object' ? 'objects' : type}`, bytes);
  }
  // Packages whose sources hold less than SMALL_SOURCE bytes share one row.
  const small = [...sums].filter(([what, bytes]) => what.startsWith('sources: ') && bytes < SMALL_SOURCE);
  for (const [what] of small) sums.delete(what);
  if (small.length > 0)
    sums.set(
      `sources: ${small.length} other packages`,
      small.reduce((sum, [, bytes]) => sum + bytes, 0),
    );
  const rows = [...sums].sort(([, a], [, b]) => b - a);
  return {
    rows: [
      ['everything live (retained by the root)', graph.retained[0] ?? 0],
      ...rows,
      ...(contract === -1
        ? []
        : ([['(of which the contract the BFF keeps, retained)', graph.retained[contract] ?? 0]] as Array<[string, number]>)),
    ],
  };
}
