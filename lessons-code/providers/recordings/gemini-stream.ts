// A recording of Gemini's `models/{model}:streamGenerateContent?alt=sse` streaming one answer with
// thought summaries (`"thinkingConfig": {"includeThoughts": true}`). Written by the course in the
// published format, not captured from the API: the response id, the token counts and the thought
// signature (base64 of "A placeholder written by the course") are the course's own.
//
// The published format (checked against it):
// - the method: https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
// - the response (GenerateContentResponse, Candidate, Part, FinishReason):
//   https://ai.google.dev/api/generate-content#generatecontentresponse
// - thought summaries and signatures: https://ai.google.dev/gemini-api/docs/thinking
// - the same types in Google's TypeScript SDK:
//   https://github.com/googleapis/js-genai/blob/6e9b35c45e21f0d37179a24d29dca01ebed698e6/src/types.ts
//   (Part, line 2074: `thought`, `thoughtSignature`; Candidate, line 3613: `finishReason`,
//   "if empty, the model has not stopped generating"; GenerateContentResponse, line 3701)
//
// Gemini sends no `event:` lines: each event is one `data:` line holding a whole
// GenerateContentResponse, written the way Google's JSON printer writes it (`"key": value`,
// members joined by `,` with no space). Events end with CRLF CRLF; the SDK's own reader splits on
// "\n\n", "\r\r" and "\r\n\r\n" (src/_api_client.ts, line 698, same commit). In order:
//   1. a part with `"thought": true`                       reasoning
//   2. a thought part, then a part with text only          reasoning, then the answer's first piece
//   3. and 4. parts with text                              the answer
//   5. a part whose text is empty and that carries the `thoughtSignature`, as streams send it, and
//      the candidate's `finishReason` "STOP": the closing chunk. Its empty text reaches neither channel.

/** The recording as written with LF; the stream itself (below) ends every line with CRLF. */
const GEMINI_STREAM_LF = `data: {"candidates": [{"content": {"parts": [{"text": "The user wants a flamenco colour over E. E Phrygian fits: the half step F–E is the signature sound.","thought": true}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 14,"candidatesTokenCount": 0,"totalTokenCount": 45,"thoughtsTokenCount": 31},"modelVersion": "gemini-2.5-flash","responseId": "course-06c"}

data: {"candidates": [{"content": {"parts": [{"text": " Over an E major chord the third is G♯, so Phrygian dominant is worth a mention. Keep the answer short.","thought": true},{"text": "Play E Phrygian: E F G A B C D. The half step from F down to E"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 14,"candidatesTokenCount": 17,"totalTokenCount": 89,"thoughtsTokenCount": 58},"modelVersion": "gemini-2.5-flash","responseId": "course-06c"}

data: {"candidates": [{"content": {"parts": [{"text": " is the sound of a soleá. When the chord is E major, raise G to G♯ and you get Phrygian dominant,"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 14,"candidatesTokenCount": 41,"totalTokenCount": 113,"thoughtsTokenCount": 58},"modelVersion": "gemini-2.5-flash","responseId": "course-06c"}

data: {"candidates": [{"content": {"parts": [{"text": " the colour of bulerías. ¡Olé! 🎸"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 14,"candidatesTokenCount": 52,"totalTokenCount": 124,"thoughtsTokenCount": 58},"modelVersion": "gemini-2.5-flash","responseId": "course-06c"}

data: {"candidates": [{"content": {"parts": [{"text": "","thoughtSignature": "QSBwbGFjZWhvbGRlciB3cml0dGVuIGJ5IHRoZSBjb3Vyc2U="}],"role": "model"},"finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 14,"candidatesTokenCount": 52,"totalTokenCount": 124,"thoughtsTokenCount": 58},"modelVersion": "gemini-2.5-flash","responseId": "course-06c"}

`;

/** The recording's bytes as text (UTF-8, CRLF line ends, so events end with CRLF CRLF). */
export const GEMINI_STREAM = /* @__PURE__ */ GEMINI_STREAM_LF.replaceAll('\n', '\r\n');
