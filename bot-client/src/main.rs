fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let a = args[1].clone();
    let b = args[2].clone();
    let games: u64 = args[3].parse()?;
    let la = args.get(4).cloned().unwrap_or_default();
    let lb = args.get(5).cloned().unwrap_or_default();
    let t = hustings_bot::local::local_tournament(
        "presidency", "standard", 2, games, 1000, (&a, &b),
        &mut |is_a, g, s| {
            if is_a { hustings_bot::ai::make_ai(&a, &la, g * 10 + s as u64) } else { hustings_bot::ai::make_ai(&b, &lb, g * 10 + s as u64 + 5) }
        },
        |_| {},
    ).map_err(anyhow::Error::msg)?;
    print!("{}", t.summary());
    Ok(())
}
