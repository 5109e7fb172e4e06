/** The clipboard information after Copy Assessment Link (spec assessments-and-clients §2.4, §4.3). */
export function CopiedLinkMessage({ link, copied }: { link: string; copied: boolean }) {
  return (
    <>
      <p>
        {copied
          ? 'The assessment link has been copied to your clipboard. Paste it into a message to your client:'
          : 'Copy the assessment link below and paste it into a message to your client:'}
      </p>
      <p className="copied-link">
        <code>{link}</code>
      </p>
      <p>Copying the link counts as inviting the client.</p>
    </>
  );
}
