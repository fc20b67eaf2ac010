// Makes the fixture of tests/se_unique.rs: every hint of Sudoku Explainer's unique loop rule and of its BUG rule at
// positions of serate's paths. It runs SE (../shared/tools/serate/serate.jar) and calls its rules through their
// public interface; no SE code is in this file.
//
//   S=../shared/tools/serate
//   java -cp $S/serate.jar:$S/setrace.jar SeTrace --state puzzles.txt > trace.jsonl
//   javac -cp $S/serate.jar -d /tmp SeUniqueHints.java
//   java -cp $S/serate.jar:/tmp SeUniqueHints 5 < trace.jsonl > serate_unique_hints.jsonl
//
// Input: SeTrace's lines. A position is kept where SE consulted the unique loop rule (the step's rating is 4.5 or
// more: every rule before it rates less); all of those where either rule has a hint, and one in N (the argument) of
// the rest. Output, a JSON line a position: "values" (81 characters), "cands" (three hex digits a cell, bit d - 1
// for digit d), and each rule's hints in SE's order, repeats left out, as "rating eliminations".
import diuf.sudoku.*;
import diuf.sudoku.solver.*;
import diuf.sudoku.solver.rules.unique.*;
import java.io.*;
import java.util.*;
import java.util.regex.*;

public class SeUniqueHints {
    static String field(String line, String key) {
        Matcher m = Pattern.compile("\"" + key + "\":\"?([^\",]*)").matcher(line);
        return m.find() ? m.group(1) : null;
    }

    static List<String> hints(IndirectHintProducer rule, Grid g) throws InterruptedException {
        final List<Hint> found = new ArrayList<Hint>();
        rule.getHints(g, new HintsAccumulator() {
            public void add(Hint h) { found.add(h); }
        });
        List<String> out = new ArrayList<String>();
        for (Hint h : found) {
            TreeSet<Integer> removed = new TreeSet<Integer>();
            for (Map.Entry<Cell, BitSet> e : ((IndirectHint) h).getRemovablePotentials().entrySet()) {
                BitSet b = e.getValue();
                for (int d = b.nextSetBit(0); d >= 0; d = b.nextSetBit(d + 1))
                    removed.add((e.getKey().getY() * 9 + e.getKey().getX()) * 10 + d);
            }
            StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%.1f", ((Rule) h).getDifficulty()));
            for (int x : removed) s.append(" r").append(x / 90 + 1).append('c').append(x / 10 % 9 + 1).append("<>").append(x % 10);
            if (!out.contains(s.toString())) out.add(s.toString());
        }
        return out;
    }

    static String list(List<String> l) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < l.size(); i++) b.append(i == 0 ? "" : ",").append('"').append(l.get(i)).append('"');
        return b.append(']').toString();
    }

    public static void main(String[] args) throws Exception {
        int every = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        Set<String> seen = new HashSet<String>();
        int empty = 0;
        String line;
        while ((line = in.readLine()) != null) {
            String values = field(line, "values"), cands = field(line, "cands"), rating = field(line, "rating");
            if (values == null || Double.parseDouble(rating) < 4.5 || !seen.add(values + cands)) continue;
            Grid g = new Grid();
            StringBuilder hex = new StringBuilder();
            for (int i = 0; i < 81; i++) {
                Cell c = g.getCell(i % 9, i / 9);
                char v = values.charAt(i);
                c.clearPotentialValues();
                int bits = 0;
                if (v >= '1' && v <= '9') c.setValue(v - '0');
                else for (int d = 1; d <= 9; d++)
                    if (cands.charAt(i * 9 + d - 1) == (char) ('0' + d)) { c.addPotentialValue(d); bits |= 1 << (d - 1); }
                hex.append(String.format("%03x", bits));
            }
            List<String> unique = hints(new UniqueLoops(), g), bug = hints(new BivalueUniversalGrave(), g);
            if (unique.isEmpty() && bug.isEmpty() && empty++ % every != 0) continue;
            System.out.println("{\"values\":\"" + values.replace('0', '.') + "\",\"cands\":\"" + hex + "\",\"unique\":"
                + list(unique) + ",\"bug\":" + list(bug) + "}");
        }
    }
}
