/** An error shown in the page (never a blank page): engine, worker or render errors. */
export function ErrorMessage({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-red-900">
      {text}
    </p>
  );
}
