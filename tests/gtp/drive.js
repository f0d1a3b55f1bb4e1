// Drives `lifedeg gtp` through the GTP controller Sabaki uses (@sabaki/gtp): loads a final
// position, asks for the dead stones, the score and a group's life degree, then sends
// malformed commands. Prints one JSON array: each command with the engine's response.
//
//     node tests/gtp/drive.js PATH/TO/lifedeg FILE.sgf
//
// tests/gtp.rs runs it and checks the answers.

const {Controller} = require('@sabaki/gtp')

async function main() {
  const [binary, file] = process.argv.slice(2)
  const engine = new Controller(binary, ['gtp'])
  engine.start()
  const answers = []
  const ask = async (name, args = []) => {
    const response = await engine.sendCommand({name, args})
    answers.push({
      command: [name, ...args].join(' '),
      error: Boolean(response.error),
      content: response.content,
    })
  }
  await ask('protocol_version')
  await ask('name')
  await ask('loadsgf', [file])
  await ask('final_status_list', ['dead'])
  await ask('final_status_list', ['seki'])
  await ask('final_score')
  await ask('showboard')
  await ask('gogui-analyze_commands')
  await ask('lifedeg-gfx')
  await ask('lifedeg-sboard')
  // Malformed: each must get a `?` answer and leave the engine answering.
  await ask('play', ['purple', 'Z99'])
  await ask('boardsize', ['-3'])
  await ask('komi', ['lots'])
  await ask('final_status_list')
  await ask('final_status_list', ['undead'])
  await ask('loadsgf', ['/no/such/file.sgf'])
  await ask('lifedeg-life_degree', ['A0'])
  await ask('frobnicate', ['\u00e9\u00e8', '%%%'])
  await ask('undo', ['now'])
  await ask('known_command', ['final_status_list'])
  // Sends `quit` and waits for the engine to end.
  await engine.stop()
  console.log(JSON.stringify(answers))
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
