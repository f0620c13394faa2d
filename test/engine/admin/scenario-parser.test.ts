import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRussianDuration, parseRussianDuration, splitHms } from '../../../src/engine/admin/durations.js';
import { parseScenario, ScenarioFormatError } from '../../../src/engine/admin/scenario-parser.js';

/** An export in the engine's layout: nested task HTML, penalty hints, split answers, a negative bonus, an unclosed tag. */
const EXPORT = `<html><body>
<span id="lblGameId">90001</span><span id="lblGameNumber">7</span>
<a id="lnkGameInfo" href="#">Ночной город</a>
<a id="LevelsScenarioRepeater_ctl01_lnkLevelAnchorPoint" name="2"></a>
<div class="scenarioBlock">
<span class="light_yellow">Уровень №2 "Второй"</span><br/>
<div><span id="LevelsScenarioRepeater_ctl01_LevelTasksRepeater_ctl00_lblLevelTaskTitle">Задание для всех</span><br/>
<span id="LevelsScenarioRepeater_ctl01_LevelTasksRepeater_ctl00_lblLevelTask" class="white">Текст с <span style="color: red"><b>тегом</b> без конца
<br /><br />
</div>
</div>
<a id="LevelsScenarioRepeater_ctl00_lnkLevelAnchorPoint" name="1"></a>
<div class="scenarioBlock">
<span class="light_yellow">Уровень №1 "Старт  "</span><br/>
<span class="green">Автопереход: через 1 день 1 час 1 минута, 10 минут штрафа</span><br/>
<span id="LevelsScenarioRepeater_ctl00_lblLevelComment">Комментарий <span>вложенный</span></span>
<div><span id="LevelsScenarioRepeater_ctl00_LevelTasksRepeater_ctl00_lblLevelTaskTitle">Задание для всех</span><br/>
<span id="LevelsScenarioRepeater_ctl00_LevelTasksRepeater_ctl00_lblLevelTask" class="white"><span style="color:#F00"><b>Заголовок</b></span><br/>
<details><summary><span>карта</span></summary><div><img src="https://example.org/m.jpg"></div></details>
Последний абзац.</span></div>
<div><span id="LevelsScenarioRepeater_ctl00_LevelHelpsRepeater_ctl00_lblLevelHelpTitle">Подсказка №1 для всех (1 час 5 минут)</span><br/>
<span id="LevelsScenarioRepeater_ctl00_LevelHelpsRepeater_ctl00_lblLevelHelp"><b>Метка</b> подсказка</span></div>
<div><span id="LevelsScenarioRepeater_ctl00_LevelPenaltyHelpsRepeater_ctl00_lblLevelHelpTitle">Штрафная подсказка №1 для всех (30 минут)</span><br/>
<span class="green">Штрафное время:</span> <span class="red">15 минут</span><br />
<span class="green">запрашивать дополнительное подтверждение: </span> <span class="white">Да</span><br />
Описание: <span class="green_gold">Код места</span><br />
<span id="LevelsScenarioRepeater_ctl00_LevelPenaltyHelpsRepeater_ctl00_lblLevelHelp">ABC123</span></div>
<span class="grey">(для прохождения задания необходимо выполнить 2 сектора)</span>
<div id="LevelsScenarioRepeater_ctl00_SectorsRepeater_ctl00_divSectorName">Север (1 2)</div>
<span id="LevelsScenarioRepeater_ctl00_SectorsRepeater_ctl00_LevelAnswersRepeater_ctl00_lblLevelAnswer"><span class="nonLatinChar">код</span>1_<span class="nonLatinChar">юг</span></span> - <span id="LevelsScenarioRepeater_ctl00_SectorsRepeater_ctl00_LevelAnswersRepeater_ctl00_lblAnswerFor">для всех</span><br/>
<span id="LevelsScenarioRepeater_ctl00_SectorsRepeater_ctl00_LevelAnswersRepeater_ctl01_lblLevelAnswer">второй</span><br/>
<span id="LevelsScenarioRepeater_ctl00_SectorsRepeater_ctl00_LevelAnswersRepeater_ctl02_lblLevelAnswer">второй</span><br/>
<div id="LevelsScenarioRepeater_ctl00_SectorsRepeater_ctl01_divSectorName">Юг</div>
<span id="LevelsScenarioRepeater_ctl00_SectorsRepeater_ctl01_LevelAnswersRepeater_ctl00_lblLevelAnswer">южный</span><br/>
<div><span id="LevelsScenarioRepeater_ctl00_LevelBonusesRepeater_ctl00_lblBonusNum">Бонус №1 "<b>Награда</b>" для всех</span><br/>
<span class="green">Штрафное время: 5 минут</span><br/>
<span class="green">Задание</span><br/><span class="white">Текст <span style="color:red">бонуса</span> и хвост</span><br/>
<span class="green">Подсказка</span><br/><span class="white">Подсказка бонуса</span><br/>
<span id="LevelsScenarioRepeater_ctl00_LevelBonusesRepeater_ctl00_BonusAnswersRepeater_ctl00_lblBonusAnswer"><span class="nonLatinChar">бонус</span>5</span><br/></div>
</div>
</body></html>`;

describe('parseScenario', () => {
  const doc = parseScenario(EXPORT);

  it('reads the header and sorts levels by number', () => {
    expect(doc.game_id).toBe(90001);
    expect(doc.game_num).toBe(7);
    expect(doc.game_title).toBe('Ночной город');
    expect(doc.levels.map((l) => l.number)).toEqual([1, 2]);
  });

  it('keeps the name verbatim and reads autopass with its penalty, the comment and the sector rule', () => {
    const l = doc.levels[0]!;
    expect(l.name).toBe('Старт  ');
    expect(l.autopass_seconds).toBe(90_060);
    expect(l.autopass_penalty_seconds).toBe(600);
    expect(l.comment).toBe('Комментарий <span>вложенный</span>');
    expect(l.required_sectors_count).toBe(2);
  });

  it('takes nested task HTML whole, and an unclosed task up to the next level', () => {
    expect(doc.levels[0]!.tasks).toHaveLength(1);
    expect(doc.levels[0]!.tasks[0]).toContain('<details><summary><span>карта</span></summary>');
    expect(doc.levels[0]!.tasks[0]).toMatch(/Последний абзац\.$/);
    expect(doc.levels[1]!.tasks[0]).toContain('без конца');
    expect(doc.levels[1]!.tasks[0]).not.toContain('Старт');
  });

  it('reads hints and penalty hints with delay, penalty, confirmation and description', () => {
    expect(doc.levels[0]!.hints).toEqual([{ title: 'Подсказка №1 для всех (1 час 5 минут)', text: '<b>Метка</b> подсказка', delay_seconds: 3900 }]);
    expect(doc.levels[0]!.penalty_hints).toEqual([
      {
        title: 'Штрафная подсказка №1 для всех (30 минут)',
        text: 'ABC123',
        delay_seconds: 1800,
        penalty_seconds: 900,
        request_confirm: true,
        comment: 'Код места',
      },
    ]);
  });

  it('glues answers split by markup and de-duplicates them in order', () => {
    expect(doc.levels[0]!.sectors).toEqual([
      { name: 'Север (1 2)', answers: ['код1_юг', 'второй'] },
      { name: 'Юг', answers: ['южный'] },
    ]);
  });

  it('reads a negative bonus with nested name, task and hint', () => {
    expect(doc.levels[0]!.bonuses).toEqual([
      {
        number: 1,
        name: 'Награда',
        award_seconds: 300,
        negative: true,
        task: 'Текст <span style="color:red">бонуса</span> и хвост',
        hint: 'Подсказка бонуса',
        answers: ['бонус5'],
        levels: { kind: 'own' },
      },
    ]);
  });

  it('a page without a game id is not an export', () => {
    expect(() => parseScenario('<html><form id="formMain"><input name="Login"></form></html>')).toThrow(ScenarioFormatError);
  });
});

describe('Russian durations', () => {
  it('sums every unit in every plural form', () => {
    expect(parseRussianDuration('1 день 1 час 1 минута')).toBe(90_060);
    expect(parseRussianDuration('2 дня 3 часа 5 минут 21 секунда')).toBe(2 * 86_400 + 3 * 3600 + 300 + 21);
    expect(parseRussianDuration('5 дней 11 часов 22 минуты 2 секунды')).toBe(5 * 86_400 + 11 * 3600 + 22 * 60 + 2);
    expect(parseRussianDuration('нет')).toBe(0);
    expect(formatRussianDuration(0)).toBe('0 секунд');
    expect(splitHms(3725)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
  });

  it('property: formatting then parsing gives the same seconds back', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 * 86_400 }), (s) => parseRussianDuration(formatRussianDuration(s)) === s));
  });
});
