// A recording of OpenAI's Responses API streaming one answer with a reasoning summary, as a
// client receives it from `POST /v1/responses` with `"stream": true`, `"reasoning": {"summary":
// "auto"}` and `"stream_options": {"include_obfuscation": false}`: by default the API pads every
// delta event with a random `obfuscation` field, which that option turns off. Written by the course
// in the published format, not captured from the API: the ids and the token counts are the course's
// own, and the model's name is a real model's, not the model that wrote the text. Every object
// carries the fields the reference requires; the optional ones the API adds (reasoning settings,
// text format, truncation…) are left out.
//
// The published format (checked against it):
// - the streaming events reference: https://platform.openai.com/docs/api-reference/responses-streaming
// - the guide: https://platform.openai.com/docs/guides/streaming-responses
// - the same event types in OpenAI's TypeScript SDK, generated from the API's specification:
//   https://github.com/openai/openai-node/blob/7b7d6ca71130d37ec09792c50056b47861f2eccf/src/resources/responses/responses.ts
//   (ResponseStreamEvent, line 7317; ResponseTextDeltaEvent, line 7414;
//   ResponseReasoningSummaryTextDeltaEvent, line 6864; ResponseCompletedEvent, line 2007)
//
// Every event is an `event:` line naming its type and a `data:` line whose JSON carries the same
// `type` and a `sequence_number` that counts from 0. In order:
//   response.created, response.in_progress          the response object, status "in_progress"
//   response.output_item.added                      output 0: a reasoning item
//   response.reasoning_summary_part.added           its summary part 0 opens
//   response.reasoning_summary_text.delta × 11      the reasoning summary, piece by piece
//   response.reasoning_summary_text.done, response.reasoning_summary_part.done, response.output_item.done
//   response.output_item.added                      output 1: the assistant's message
//   response.content_part.added                     its output_text part opens
//   response.output_text.delta × 14                 the answer, piece by piece
//   response.output_text.done, response.content_part.done, response.output_item.done
//   response.completed                              the closing event: status "completed", the whole output
// No `data: [DONE]` follows: the Responses API ends the body after its closing event.

/** The recording's bytes as text (UTF-8, LF line ends). */
export const OPENAI_RESPONSES_STREAM = `event: response.created
data: {"type":"response.created","sequence_number":0,"response":{"id":"resp_06c","object":"response","created_at":1767225600,"status":"in_progress","error":null,"incomplete_details":null,"instructions":null,"metadata":{},"model":"gpt-5-mini","output":[],"parallel_tool_calls":true,"temperature":1,"tool_choice":"auto","tools":[],"top_p":1}}

event: response.in_progress
data: {"type":"response.in_progress","sequence_number":1,"response":{"id":"resp_06c","object":"response","created_at":1767225600,"status":"in_progress","error":null,"incomplete_details":null,"instructions":null,"metadata":{},"model":"gpt-5-mini","output":[],"parallel_tool_calls":true,"temperature":1,"tool_choice":"auto","tools":[],"top_p":1}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":2,"output_index":0,"item":{"id":"rs_06c","type":"reasoning","summary":[]}}

event: response.reasoning_summary_part.added
data: {"type":"response.reasoning_summary_part.added","sequence_number":3,"item_id":"rs_06c","output_index":0,"summary_index":0,"part":{"type":"summary_text","text":""}}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","sequence_number":4,"item_id":"rs_06c","output_index":0,"summary_index":0,"delta":"The user wants"}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","sequence_number":5,"item_id":"rs_06c","output_index":0,"summary_index":0,"delta":" a flamenco colour"}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","sequence_number":6,"item_id":"rs_06c","output_index":0,"summary_index":0,"delta":" over E."}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","sequence_number":7,"item_id":"rs_06c","output_index":0,"summary_index":0,"delta":" E Phrygian fits:"}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","sequence_number":8,"item_id":"rs_06c","output_index":0,"summary_index":0,"delta":" the half step F–E"}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","sequence_number":9,"item_id":"rs_06c","output_index":0,"summary_index":0,"delta":" is the signature sound."}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","sequence_number":10,"item_id":"rs_06c","output_index":0,"summary_index":0,"delta":" Over an E major chord"}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","sequence_number":11,"item_id":"rs_06c","output_index":0,"summary_index":0,"delta":" the third is G♯,"}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","sequence_number":12,"item_id":"rs_06c","output_index":0,"summary_index":0,"delta":" so Phrygian dominant"}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","sequence_number":13,"item_id":"rs_06c","output_index":0,"summary_index":0,"delta":" is worth a mention."}

event: response.reasoning_summary_text.delta
data: {"type":"response.reasoning_summary_text.delta","sequence_number":14,"item_id":"rs_06c","output_index":0,"summary_index":0,"delta":" Keep the answer short."}

event: response.reasoning_summary_text.done
data: {"type":"response.reasoning_summary_text.done","sequence_number":15,"item_id":"rs_06c","output_index":0,"summary_index":0,"text":"The user wants a flamenco colour over E. E Phrygian fits: the half step F–E is the signature sound. Over an E major chord the third is G♯, so Phrygian dominant is worth a mention. Keep the answer short."}

event: response.reasoning_summary_part.done
data: {"type":"response.reasoning_summary_part.done","sequence_number":16,"item_id":"rs_06c","output_index":0,"summary_index":0,"part":{"type":"summary_text","text":"The user wants a flamenco colour over E. E Phrygian fits: the half step F–E is the signature sound. Over an E major chord the third is G♯, so Phrygian dominant is worth a mention. Keep the answer short."}}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":17,"output_index":0,"item":{"id":"rs_06c","type":"reasoning","summary":[{"type":"summary_text","text":"The user wants a flamenco colour over E. E Phrygian fits: the half step F–E is the signature sound. Over an E major chord the third is G♯, so Phrygian dominant is worth a mention. Keep the answer short."}]}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":18,"output_index":1,"item":{"id":"msg_06c","type":"message","status":"in_progress","role":"assistant","content":[]}}

event: response.content_part.added
data: {"type":"response.content_part.added","sequence_number":19,"item_id":"msg_06c","output_index":1,"content_index":0,"part":{"type":"output_text","text":"","annotations":[]}}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":20,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":"Play","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":21,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":" E Phrygian:","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":22,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":" E F G","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":23,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":" A B C D.","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":24,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":" The half step","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":25,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":" from F down to E","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":26,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":" is the sound of a sole","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":27,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":"á.","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":28,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":" When the chord is E major,","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":29,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":" raise G to G♯ and you get","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":30,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":" Phrygian dominant,","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":31,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":" the colour of bulerías.","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":32,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":" ¡Olé!","logprobs":[]}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":33,"item_id":"msg_06c","output_index":1,"content_index":0,"delta":" 🎸","logprobs":[]}

event: response.output_text.done
data: {"type":"response.output_text.done","sequence_number":34,"item_id":"msg_06c","output_index":1,"content_index":0,"text":"Play E Phrygian: E F G A B C D. The half step from F down to E is the sound of a soleá. When the chord is E major, raise G to G♯ and you get Phrygian dominant, the colour of bulerías. ¡Olé! 🎸","logprobs":[]}

event: response.content_part.done
data: {"type":"response.content_part.done","sequence_number":35,"item_id":"msg_06c","output_index":1,"content_index":0,"part":{"type":"output_text","text":"Play E Phrygian: E F G A B C D. The half step from F down to E is the sound of a soleá. When the chord is E major, raise G to G♯ and you get Phrygian dominant, the colour of bulerías. ¡Olé! 🎸","annotations":[]}}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":36,"output_index":1,"item":{"id":"msg_06c","type":"message","status":"completed","role":"assistant","content":[{"type":"output_text","text":"Play E Phrygian: E F G A B C D. The half step from F down to E is the sound of a soleá. When the chord is E major, raise G to G♯ and you get Phrygian dominant, the colour of bulerías. ¡Olé! 🎸","annotations":[]}]}}

event: response.completed
data: {"type":"response.completed","sequence_number":37,"response":{"id":"resp_06c","object":"response","created_at":1767225600,"status":"completed","error":null,"incomplete_details":null,"instructions":null,"metadata":{},"model":"gpt-5-mini","output":[{"id":"rs_06c","type":"reasoning","summary":[{"type":"summary_text","text":"The user wants a flamenco colour over E. E Phrygian fits: the half step F–E is the signature sound. Over an E major chord the third is G♯, so Phrygian dominant is worth a mention. Keep the answer short."}]},{"id":"msg_06c","type":"message","status":"completed","role":"assistant","content":[{"type":"output_text","text":"Play E Phrygian: E F G A B C D. The half step from F down to E is the sound of a soleá. When the chord is E major, raise G to G♯ and you get Phrygian dominant, the colour of bulerías. ¡Olé! 🎸","annotations":[]}]}],"parallel_tool_calls":true,"temperature":1,"tool_choice":"auto","tools":[],"top_p":1,"usage":{"input_tokens":21,"input_tokens_details":{"cached_tokens":0},"output_tokens":118,"output_tokens_details":{"reasoning_tokens":64},"total_tokens":139}}}

`;
