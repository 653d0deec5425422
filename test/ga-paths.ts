// The files of Guitar Alchemist that the course cites, as they are named in GA's tree at the pinned
// commit (https://github.com/GuitarAlchemist/ga/tree/a826864f3a012cad88e415954bf57eca0ce12aa6). A
// page or a comment that names a GA file names one of these; a new citation adds its path here,
// after checking it in that tree.

/** The pinned commit, in full, as the pages' links spell it. */
export const GA_PIN = 'a826864f3a012cad88e415954bf57eca0ce12aa6';

export const GA_PATHS: readonly string[] = [
  'Apps/GaChatbot.Api/Controllers/ChatbotController.cs',
  'Apps/GaChatbot.Api/Helpers/AgUiEventWriter.cs',
  'Apps/GaChatbot.Api/wwwroot/index.html',
  'Apps/ga-client/src/services/agUiChatService.ts',
  'Apps/ga-client/src/services/chatApi.ts',
  'Apps/ga-client/src/services/chatService.ts',
  // GaApi lives under Apps/ga-server/; there is no Apps/GaApi/ in GA's tree.
  'Apps/ga-server/GaApi/Controllers/ChatbotController.cs',
  'Common/GA.Business.Core.Orchestration/Helpers/SseChunker.cs',
  'Common/GA.Business.ML/Agents/Skills/ImprovisationSkill.cs',
  'docs/adr/0005-gaapi-single-canonical-chat-host.md',
];

/** GaApi's WriteSseLineAsync, the writer of issue #746's lost line: its file and lines at the pin. */
export const GAAPI_WRITER = { path: 'Apps/ga-server/GaApi/Controllers/ChatbotController.cs', lines: 'L318-L322' };
