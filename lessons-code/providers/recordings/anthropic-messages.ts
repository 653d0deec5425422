// A recording of Anthropic's Messages API streaming one answer with extended thinking, as a
// client receives it from `POST /v1/messages` with `"stream": true` and `"thinking": {"type":
// "enabled", ...}`. Written by the course in the published format, not captured from the API:
// the ids, the token counts and the signature (base64 of "A placeholder written by the course")
// are the course's own, and the model's name is a real model's, not the model that wrote the text.
//
// The published format (checked against it):
// - Streaming Messages: https://platform.claude.com/docs/en/build-with-claude/streaming
//   (formerly https://docs.anthropic.com/en/docs/build-with-claude/streaming)
// - the same event types in Anthropic's TypeScript SDK:
//   https://github.com/anthropics/anthropic-sdk-typescript/blob/bfa9197f0182084941052be9752c948638421601/src/resources/messages/messages.ts
//   (RawContentBlockDelta, line 2724: TextDelta, InputJSONDelta, CitationsDelta, ThinkingDelta,
//   SignatureDelta; RawMessageStopEvent, line 2818)
//
// Every event is an `event:` line and a `data:` line whose JSON carries the same `type`. The
// API pads many of its JSON objects with spaces before the last closing brace (`"index":0   }`),
// and writes ping as `{"type": "ping"}`, with a space: this recording does too, so a reader that
// matches raw text instead of parsing the JSON fails on it. In order:
//   message_start                                   the message, content [] and stop_reason null
//   content_block_start (index 0, thinking)         the thinking block opens
//   ping                                            a keep-alive, anywhere in the stream
//   content_block_delta thinking_delta × 5          the reasoning; one of them is empty, as in captured streams,
//                                                   which send an empty thinking_delta just before the
//                                                   signature_delta (vercel/ai, a capture at 6f687ac, line 13:
// https://github.com/vercel/ai/blob/6f687ac9ebb931d4918205ff9d4a921fd670a95d/packages/anthropic/src/__fixtures__/anthropic-clear-thinking.1.chunks.txt#L13).
//                                                   Only its place, second here, is the course's choice: an
//                                                   empty delta between two others must reach no listener either
//   content_block_delta signature_delta             the thinking block's signature, just before it stops
//   content_block_stop (index 0)
//   content_block_start (index 1, text)             the text block opens
//   content_block_delta text_delta × 6              the answer
//   content_block_stop (index 1)
//   message_delta                                   stop_reason "end_turn" and the output token count
//   message_stop                                    the closing event

/** The recording's bytes as text (UTF-8, LF line ends). */
export const ANTHROPIC_MESSAGES_STREAM = `event: message_start
data: {"type":"message_start","message":{"id":"msg_06c","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":24,"output_tokens":3}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}

event: ping
data: {"type": "ping"}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"The user wants a flamenco colour over E."}              }

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":""}    }

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":" E Phrygian fits: the half step F–E is the signature sound."}         }

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":" Over an E major chord the third is G♯, so Phrygian dominant is worth a mention."} }

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":" Keep the answer short."}            }

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"QSBwbGFjZWhvbGRlciB3cml0dGVuIGJ5IHRoZSBjb3Vyc2U="}      }

event: content_block_stop
data: {"type":"content_block_stop","index":0   }

event: content_block_start
data: {"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}          }

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Play E Phrygian: E F G"}  }

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":" A B C D. The half step from F"}       }

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":" down to E is the sound of a soleá. When the"}             }

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":" chord is E major, raise G to G♯ and you get"}     }

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":" Phrygian dominant, the colour of bulerías."}        }

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":" ¡Olé! 🎸"}           }

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":112}              }

event: message_stop
data: {"type":"message_stop"    }

`;
