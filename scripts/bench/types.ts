// The one shape every benchmark part returns, so `npm run bench` can print each part's figures
// and write them all to docs/performance.md (docs/performance.md says how to reproduce each).
// A part measures; it never passes or fails (tests check behaviour, benchmarks print figures).

/** One measured figure: what, the value as measured, and the goal it is held against (if any). */
export interface BenchFigure {
  figure: string;
  value: string;
  goal?: string;
}

/** One part's result: a section of docs/performance.md. */
export interface BenchSection {
  title: string;
  figures: BenchFigure[];
  /** How the figures were taken (command, data size, engine), in a sentence or two each. */
  notes?: string[];
}

/** What the harness hands every part. */
export interface BenchContext {
  /** An admin URL of a PostgreSQL server where the part may create and drop its own databases (null: PGlite only). */
  postgresUrl: string | null;
  /** Progress lines for the terminal (not part of the figures). */
  log(line: string): void;
  /** `--quick`: smaller data and fewer runs, to try the command; the figures in docs come from a full run. */
  quick: boolean;
  /**
   * `--reuse-catalogs`: keep a large benchmark catalog of the right size instead of building it
   * again. Without it a full run builds the 1,000,000-product catalog anew and prints how long that took.
   */
  reuseCatalogs?: boolean;
}

export type BenchPart = (context: BenchContext) => Promise<BenchSection>;
