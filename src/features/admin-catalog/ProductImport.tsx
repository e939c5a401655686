// The products' CSV import (docs/decisions/0048-product-csv.md): the file is checked first (the dry
// run lists each row's problems, nothing is written); only a clean file offers "Import N rows",
// which sends the same file again and follows the import's progress until its result. The
// import's number goes into the address, so a reload finds it again.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import type { AnswerOf } from '@/domain/api/endpoint';
import type { adminProductCsvApi } from '@/domain/api/admin-product-csv';
import { FormAlert, Spinner } from '@/client/form-fields';
import { productCsvMessages as m, productCsvTexts as t } from '@/domain/messages/admin-product-csv';

type Check = AnswerOf<typeof adminProductCsvApi.check>;
export type ImportJob = AnswerOf<typeof adminProductCsvApi.import>;

/** How often the page asks for the import's progress. */
const POLL_MS = 700;

export default function ProductImport({ initialJob, maxMb, maxRows }: { initialJob: ImportJob | null; maxMb: number; maxRows: number }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const [job, setJob] = useState<ImportJob | null>(initialJob);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const running = job?.status === 'running';
  const jobId = job?.id;
  useEffect(() => {
    if (!running || jobId === undefined) return;
    let stopped = false;
    const timer = setInterval(async () => {
      const answer = await call(endpoints.adminProductCsv.import, { params: { id: jobId } });
      if (!stopped && answer.ok && answer.data) setJob(answer.data);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [running, jobId]);

  const formOf = (chosen: File) => {
    const form = new FormData();
    form.append('file', chosen);
    return form;
  };

  const onCheck = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(m.fileRequired);
      return;
    }
    setBusy(true);
    setError(null);
    setCheck(null);
    const answer = await call(endpoints.adminProductCsv.check, { form: formOf(file) });
    setBusy(false);
    if (answer.ok && answer.data) setCheck(answer.data);
    else setError(answer.fields.file ?? answer.message ?? t.checkFailed);
  };

  const onImport = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    const answer = await call(endpoints.adminProductCsv.start, { form: formOf(file) });
    setBusy(false);
    if (!answer.ok || !answer.data) {
      setError(answer.fields.file ?? answer.message ?? t.importFailed);
      return;
    }
    setCheck(answer.data.check);
    if (answer.data.import) {
      setJob(answer.data.import);
      history.replaceState(null, '', `/admin/products/import?import=${answer.data.import.id}`);
    }
  };

  const restart = () => {
    setJob(null);
    setCheck(null);
    setFile(null);
    history.replaceState(null, '', '/admin/products/import');
  };

  if (job) {
    const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : 100;
    const finished = job.status !== 'running';
    return (
      <section
        className="flex flex-col gap-4 rounded-2xl border border-ink-100 bg-white p-4 sm:p-5"
        data-testid="import-job"
        aria-labelledby={`${id}-job`}
      >
        <h2 id={`${id}-job`} className="text-base font-semibold">
          {job.status === 'done' ? t.doneTitle : finished ? t.failedTitle : t.importing}
        </h2>
        <p className="text-sm break-all text-ink-500">{job.file_name}</p>
        <div>
          <progress
            className="h-3 w-full overflow-hidden rounded-full accent-brand-700"
            max={job.total}
            value={job.done}
            aria-label={t.progressLabel}
            data-testid="import-progress"
          >
            {percent}%
          </progress>
          <p className="mt-1 text-sm text-ink-700" aria-live="polite" data-testid="import-count">
            {t.progress(job.done, job.total)}
          </p>
        </div>
        {finished && (
          <p className="text-sm font-medium" data-testid="import-result" role="status">
            {t.result(job.created, job.updated, job.unchanged)}
          </p>
        )}
        {(job.status === 'failed' || job.status === 'interrupted') && (
          <p className="text-sm text-red-700" role="alert" data-testid="import-stopped">
            {job.status === 'failed' ? m.failed : m.interrupted}
          </p>
        )}
        {job.problems.length > 0 && <ProblemList problems={job.problems} count={job.problems.length} />}
        {finished && (
          <p className="flex flex-wrap gap-3">
            <a href="/admin/products" className="btn-primary h-11">
              {t.toProducts}
            </a>
            <button type="button" className="btn-secondary h-11" onClick={restart}>
              {t.another}
            </button>
          </p>
        )}
      </section>
    );
  }

  const clean = check !== null && check.problem_count === 0;
  const toWrite = check ? check.creates + check.updates : 0;
  return (
    <div className="flex flex-col gap-4">
      <form
        onSubmit={onCheck}
        noValidate
        className="flex flex-col gap-4 rounded-2xl border border-ink-100 bg-white p-4 sm:p-5"
        data-testid="import-form"
      >
        <FormAlert message={error} />
        <div>
          <label htmlFor={`${id}-file`} className="mb-1.5 block text-sm font-medium text-ink-700">
            {t.file}
          </label>
          <input
            id={`${id}-file`}
            name="file"
            type="file"
            accept=".csv,text/csv"
            className="block w-full text-sm file:me-3 file:h-11 file:rounded-lg file:border-0 file:bg-ink-100 file:px-4 file:font-semibold"
            aria-describedby={`${id}-limits`}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setCheck(null);
              setError(null);
            }}
          />
          <p id={`${id}-limits`} className="mt-1 text-xs text-ink-500">
            {t.limits(maxMb, maxRows)}
          </p>
        </div>
        <p>
          <button type="submit" className="btn-primary h-11" disabled={busy}>
            {busy && !check ? <Spinner /> : null}
            {busy && !check ? t.checking : t.check}
          </button>
        </p>
      </form>

      {check && (
        <section
          className="flex flex-col gap-3 rounded-2xl border border-ink-100 bg-white p-4 sm:p-5"
          aria-labelledby={`${id}-summary`}
          data-testid="import-check"
        >
          <h2 id={`${id}-summary`} className="text-base font-semibold">
            {t.summaryTitle}
          </h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="import-counts">
            <li>{t.rows(check.total)}</li>
            <li>{t.creates(check.creates)}</li>
            <li>{t.updates(check.updates)}</li>
            <li>{t.unchanged(check.unchanged)}</li>
          </ul>
          {clean && toWrite === 0 ? (
            <p className="text-sm text-ink-700" role="status">
              {t.nothingToDo}
            </p>
          ) : clean ? (
            <>
              <p className="text-sm text-emerald-800" role="status">
                {t.clean}
              </p>
              <p>
                <button type="button" className="btn-primary h-11" disabled={busy} onClick={onImport} data-testid="import-start">
                  {busy ? <Spinner /> : null}
                  {t.importRows(toWrite)}
                </button>
              </p>
            </>
          ) : (
            <ProblemList problems={check.problems} count={check.problem_count} />
          )}
        </section>
      )}
    </div>
  );
}

function ProblemList({ problems, count }: { problems: Check['problems']; count: number }) {
  return (
    <div data-testid="import-problems">
      <h3 className="text-sm font-semibold text-red-700" role="alert">
        {t.problemsTitle(count)}
      </h3>
      {count > problems.length && <p className="text-xs text-ink-500">{t.problemsCut(problems.length)}</p>}
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-start text-sm">
          <thead>
            <tr className="border-b border-ink-100 text-xs text-ink-500">
              <th scope="col" className="py-1.5 pe-3 text-start font-medium">
                {t.row}
              </th>
              <th scope="col" className="py-1.5 pe-3 text-start font-medium">
                {t.column}
              </th>
              <th scope="col" className="py-1.5 text-start font-medium">
                {t.problem}
              </th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p, i) => (
              <tr key={i} className="border-b border-ink-50 align-top" data-testid="import-problem">
                <td className="py-1.5 pe-3 tabular-nums">{p.row}</td>
                <td className="py-1.5 pe-3 break-words" dir="ltr">
                  {p.column ?? t.wholeFile}
                </td>
                <td className="py-1.5">{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
