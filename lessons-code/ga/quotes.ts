// Words quoted from GA, kept verbatim in one place: the pages quote them from here in every locale.

/**
 * The comment in GaChatbot.Api's WriteSseLineAsync (ChatbotController.cs lines 449–474 at a826864) on the 2026-05-13
 * fix.
 */
export const WRITER_FIX_COMMENT =
  'chatbot responses with markdown tables rendered only their leading paragraph in ' +
  'the UI even though /chat returned the full text';

/** Prose losing its space at a split, from the description of GA pull request #743. */
export const PR_743_PROSE_EXAMPLE = '…the note Q.To create…';

/** GA's words the pages quote, by name. */
export const GA_QUOTES = { writerFix: WRITER_FIX_COMMENT, prose743: PR_743_PROSE_EXAMPLE } as const;
