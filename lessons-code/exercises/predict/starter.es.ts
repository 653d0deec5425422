// El fragmento "a\r\nb" pasa por un escritor y luego por el lector estándar.
// Escribe los datos de cada evento que dispara el lector, como cadenas con escapes:
// "\r" para un CR, "\n" para un LF.

// Con el escritor de GaChatbot.Api:
export const fromGaChatbotApi: string[] = [];

// Con el escritor de GaApi:
export const fromGaApi: string[] = [];

// ¿Cuál de los dos resultados depende del sistema en el que corre GA?
// Uno de 'GaChatbot.Api', 'GaApi', 'both', 'neither'.
export const dependsOnSystem: string = '';
