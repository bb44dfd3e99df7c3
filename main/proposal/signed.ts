// The client's answer printed on the proposal signed at the desk: a block after the terms with
// what they answered, their signature (the image they drew, or their typed name), name, e-mail,
// their words, the date and time with its time zone; and on every page, in the footer, the
// SHA-256 of the version the client saw, so the paper names the exact quote it answers.

type Node = Record<string, unknown> | string;

export interface SignedAnswer {
  /** "Accepted", "Declined", "Changes requested". */
  answer: string;
  name: string;
  email: string;
  /** The client's own words ('' when none). */
  reason: string;
  /** The date and time as the client read it, with the time zone ("28 Nov 2026, 10:14 CET (Europe/Berlin)"). */
  when: string;
  /** A drawn signature as a PNG data URL; null when the name was typed. */
  signaturePng: string | null;
  /** The typed name when no signature was drawn. */
  typedSignature: string | null;
  versionNumber: number;
  versionSha256: string;
}

const MUTED = '#6b7280';
const RULE = '#d1d5db';

export function signedBlock(s: SignedAnswer, t: (text: string) => string): Node {
  const row = (label: string, value: string): Node[] => [
    { text: label, color: MUTED },
    { text: t(value) },
  ];
  const signature: Node = s.signaturePng
    ? { image: s.signaturePng, fit: [220, 80], margin: [0, 2, 0, 2] }
    : {
        text: t(s.typedSignature ?? s.name),
        italics: true,
        fontSize: 18,
        margin: [0, 6, 0, 6],
      };
  return {
    stack: [
      { text: `${s.answer} at the desk`, fontSize: 12, bold: true, margin: [0, 0, 0, 6] },
      {
        table: {
          widths: ['auto', '*'],
          body: [
            [{ text: 'Signature', color: MUTED }, signature],
            row('Name', s.name),
            row('E-mail', s.email),
            ...(s.reason ? [row('In their words', s.reason)] : []),
            row('Date and time', s.when),
            row('Version', `${s.versionNumber}, SHA-256 ${s.versionSha256}`),
          ],
        },
        layout: {
          hLineWidth: (i: number) => (i === 0 ? 1 : 0.5),
          vLineWidth: () => 0,
          hLineColor: () => RULE,
          paddingTop: () => 4,
          paddingBottom: () => 4,
        },
      },
    ],
    unbreakable: true,
    margin: [0, 18, 0, 0],
  };
}

/** The footer line every page carries. */
export function hashLine(s: SignedAnswer): Node {
  return {
    text: `${s.answer} at the desk · version ${s.versionNumber} · SHA-256 ${s.versionSha256}`,
    color: MUTED,
    fontSize: 6.5,
    margin: [0, 2, 0, 0],
  };
}
