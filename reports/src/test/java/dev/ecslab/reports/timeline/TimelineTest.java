package dev.ecslab.reports.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.trace.RunRecord;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Timelines of real counterexamples: the XChart SVG and the terminal text. */
class TimelineTest {

    static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    static List<String> texts(Document doc, String cssClass) {
        List<String> out = new ArrayList<>();
        NodeList all = doc.getElementsByTagNameNS("*", "text");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (e.getAttribute("class").equals(cssClass) || e.getAttribute("class").startsWith(cssClass + " ")) {
                out.add(e.getTextContent());
            }
        }
        return out;
    }

    static List<String> ids(Document doc) {
        List<String> out = new ArrayList<>();
        NodeList all = doc.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < all.getLength(); i++) {
            String id = ((Element) all.item(i)).getAttribute("id");
            if (!id.isEmpty()) {
                out.add(id);
            }
        }
        return out;
    }

    @Test
    void theSvgOfAMissHasALaneForEverySystemAndMarksTheChangeAndTheMisses() throws Exception {
        ViolationTrace vt = RealCounterexamples.missedWithFlags();
        Timeline t = Timeline.of(vt);
        String svg = t.svg("cx1");
        assertThat(svg).startsWith("<svg").doesNotContain("<?xml").doesNotContain("DOCTYPE");
        Document doc = parse(svg);
        Set<String> systems = new LinkedHashSet<>();
        vt.trace().runs().forEach(r -> systems.add(r.system()));
        assertThat(t.lanesAreThreads()).as("serial: one thread, lanes are systems").isFalse();
        assertThat(texts(doc, "lane")).containsAll(systems).contains(Timeline.WORLD_LANE).doesNotHaveDuplicates()
                .hasSize(systems.size() + 1);
        assertThat(texts(doc, "mark")).contains("the change", "missed it");
        assertThat(texts(doc, "run")).contains("#" + vt.violation().finding().run().id());
        assertThat(texts(doc, "frame")).contains("frame 0", "frame 1");
        assertThat(ids(doc)).isNotEmpty().allMatch(id -> id.equals("cx1") || id.startsWith("cx1-"));
        assertThat(doc.getDocumentElement().getElementsByTagNameNS("*", "title").item(0).getTextContent())
                .contains("at least once").contains("flags / serial / seed 1");
    }

    @Test
    void twoPicturesOnOnePageShareNoIdAndAParallelRunHasOneLanePerThread() throws Exception {
        ViolationTrace vt = RealCounterexamples.orderingWithIgnoresOneBefore();
        Timeline t = Timeline.of(vt);
        Document a = parse(t.svg("cx-a"));
        Document b = parse(Timeline.of(RealCounterexamples.repeatedWithReportsTwice()).svg("cx-b"));
        assertThat(ids(a)).doesNotContainAnyElementsOf(ids(b));
        Set<String> threads = new LinkedHashSet<>();
        vt.trace().runs().forEach(r -> threads.add(r.thread()));
        vt.trace().events().forEach(e -> threads.add(e.thread()));
        assertThat(t.lanesAreThreads()).isTrue();
        assertThat(texts(a, "lane")).containsExactlyInAnyOrderElementsOf(threads);
        assertThat(texts(a, "mark")).contains("ordering broken");
        assertThat(texts(b, "mark")).contains("reported it", "reported it again");
    }

    @Test
    void theTextOfAMissHasEveryLaneTheMarksAndALegendWithinTheWidth() {
        ViolationTrace vt = RealCounterexamples.missedWithFlags();
        String text = Timeline.of(vt).text();
        System.out.println("TimelineTest (MISSED):\n" + text);
        for (String lane : Timeline.of(vt).lanes()) {
            assertThat(text).contains(lane);
        }
        RunRecord missedIn = vt.violation().finding().run();
        assertThat(text).contains("#" + missedIn.id() + "!").contains("*").contains("legend:")
                .contains("! detector run that should have reported the change and did not").contains("* the change")
                .contains("f0").contains("f1").contains("|");
        assertThat(text.lines()).allMatch(l -> l.length() <= 120);
    }

    @Test
    void aRepeatIsMarkedOnBothDetectorRuns() {
        ViolationTrace vt = RealCounterexamples.repeatedWithReportsTwice();
        String text = Timeline.of(vt).text();
        System.out.println("TimelineTest (REPEATED):\n" + text);
        assertThat(text).contains("#" + vt.violation().finding().earlier().id() + "+")
                .contains("#" + vt.violation().finding().run().id() + "2").contains("2 detector run that reported it again");
        assertThat(text.lines()).allMatch(l -> l.length() <= 120);
    }

    @Test
    void aNarrowTerminalGetsAWindowAroundTheViolationAndIsToldWhatWasLeftOut() {
        ViolationTrace vt = RealCounterexamples.orderingWithIgnoresOneBefore();
        Timeline t = Timeline.of(vt);
        String text = t.text(80);
        System.out.println("TimelineTest (ORDERING, 80 columns):\n" + text);
        assertThat(text.lines()).allMatch(l -> l.length() <= 80);
        assertThat(text).contains("left out:").contains("~");
        assertThat(text.replaceAll("\\s+", " ")).contains("X run named by the ordering violation");
        for (String lane : t.lanes()) {
            assertThat(text).contains(lane.length() <= 24 ? lane : lane.substring(lane.length() - 23));
        }
        assertThat(text.chars().filter(ch -> ch == 'X').count()).as("both runs of the violation marked").isGreaterThanOrEqualTo(2);
    }

    @Test
    void aLateReportIsMarkedOnTheLateRunAndOnTheRunThatReportedIt() throws Exception {
        ViolationTrace vt = RealCounterexamples.lateWithLastTick();
        Timeline t = Timeline.of(vt);
        String text = t.text();
        System.out.println("TimelineTest (LATE):\n" + text);
        assertThat(text).contains("#" + vt.violation().finding().run().id() + "L");
        assertThat(texts(parse(t.svg("late")), "mark")).contains("late: not reported in the same frame");
    }
}
