import type { Dataset, SemanticModel } from '@querent/contracts';
import { findJoinPath, type JoinStep } from './join-paths.ts';
import type { DimensionRef } from './model-names.ts';
import type { SqlWriter } from './sql-writer.ts';

/*
 * The rows of one dataset with the datasets it points to joined on, as the FROM clause of an
 * aggregate. Each dataset is read through a subquery exposing only what the query needs under
 * aliases (d_ dimensions, m_ measure values, k_ join columns), so that a dimension's SQL is read
 * over its own dataset's columns alone and two datasets' same-named columns never clash. Joins
 * are LEFT JOINs along many-to-one steps: every row of the root stays, exactly once.
 */

export class JoinedRows {
  private readonly exposed = new Map<string, Map<string, string>>();
  private readonly steps: JoinStep[] = [];

  private readonly model: SemanticModel;
  private readonly writer: SqlWriter;
  readonly root: Dataset;

  constructor(model: SemanticModel, writer: SqlWriter, root: Dataset) {
    this.model = model;
    this.writer = writer;
    this.root = root;
    this.exposed.set(root.name, new Map());
  }

  /** The root's value of a dimension of any dataset it reaches, joining what is needed. */
  dimension(ref: DimensionRef, field: string, reason: string): string {
    this.reach(ref.dataset.name, field, reason);
    return this.expose(
      ref.dataset.name,
      `d_${ref.dimension.name}`,
      this.writer.expression(ref.dimension.expression),
    );
  }

  /** An expression over the root's own columns, e.g. a measure's. */
  rootValue(alias: string, expression: string): string {
    return this.expose(this.root.name, alias, expression);
  }

  /** FROM … LEFT JOIN …, without the FROM keyword. */
  fromClause(): string {
    const parts = [this.rowSource(this.root.name)];
    for (const step of this.steps) {
      const on = step.from.columns.map((column, index) => {
        const toColumn = step.to.columns[index] ?? column;
        return `${this.writer.alias(step.from.dataset)}.${this.writer.alias(`k_${column}`)} = ${this.writer.alias(step.to.dataset)}.${this.writer.alias(`k_${toColumn}`)}`;
      });
      parts.push(`LEFT JOIN ${this.rowSource(step.to.dataset)} ON ${on.join(' AND ')}`);
    }
    return parts.join('\n    ');
  }

  private reach(dataset: string, field: string, reason: string): void {
    if (this.exposed.has(dataset)) return;
    for (const step of findJoinPath(this.model, this.root.name, dataset, field, reason)) {
      if (this.exposed.has(step.to.dataset)) continue;
      this.exposed.set(step.to.dataset, new Map());
      this.steps.push(step);
      step.from.columns.forEach((column) => {
        this.expose(step.from.dataset, `k_${column}`, this.writer.expression({ column }));
      });
      step.to.columns.forEach((column) => {
        this.expose(step.to.dataset, `k_${column}`, this.writer.expression({ column }));
      });
    }
  }

  private expose(dataset: string, alias: string, expression: string): string {
    this.exposed.get(dataset)?.set(alias, expression);
    return `${this.writer.alias(dataset)}.${this.writer.alias(alias)}`;
  }

  private rowSource(name: string): string {
    const dataset = this.model.datasets.find((candidate) => candidate.name === name);
    if (dataset === undefined) throw new Error(`Dataset ${name} vanished from the model`);
    const columns = [...(this.exposed.get(name) ?? new Map<string, string>())].map(
      ([alias, expression]) => `${expression} AS ${this.writer.alias(alias)}`,
    );
    // COUNT(*) alone needs no column, but a SELECT needs one.
    const list = columns.length > 0 ? columns.join(', ') : '1 AS one';
    return `(SELECT ${list} FROM ${this.writer.source(dataset)}) AS ${this.writer.alias(name)}`;
  }
}
